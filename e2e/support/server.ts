import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_PG_TEMPLATE, e2eTempDir } from './temp';

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolvePort(port));
    });
  });
}

export interface ChildServer {
  url: string;
  /** The server process (its memory: /proc/<pid>/status). */
  pid: number;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output: () => string;
  /**
   * Stops the server and removes the DATA_DIR it made (one passed in as DATA_DIR is the caller's).
   * `keepData`: the caller uses the directory after the stop and removes it itself.
   */
  stop(opts?: { keepData?: boolean }): Promise<void>;
}

/** Runs a tsx entry of the project as a child process with the given environment. */
export function runTsx(entry: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry), ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * The server `npm start` runs (its entry; the global setup built dist/), on a free port and a fresh
 * DATA_DIR (unless the environment names one), removed again by stop() or a failed start. A fresh
 * DATA_DIR of an e2e run starts with the run's migrated database (E2E_PG_TEMPLATE).
 */
export async function startChildServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<ChildServer> {
  const port = await freePort();
  const owned = !extraEnv.DATA_DIR;
  const dataDir = extraEnv.DATA_DIR ?? e2eTempDir('e2e-data-');
  const removeData = () => {
    if (owned) rmSync(dataDir, { recursive: true, force: true });
  };
  const template = process.env[E2E_PG_TEMPLATE];
  if (owned && template && !extraEnv.DATABASE_URL) cpSync(template, join(dataDir, 'pg'), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  const child = runTsx('runtime/server-main.ts', [], env);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  await new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in 90 s:\n${out}`)), 90_000);
    const check = () => {
      if (/listening on /.test(out)) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${out}`));
    });
  }).catch(async (err) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    removeData();
    throw err;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    dataDir,
    env,
    output: () => out,
    async stop(opts = {}) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      if (!opts.keepData) removeData();
    },
  };
}

export function demoCredentials(dataDir: string): {
  workspaceId: string;
  websiteId: string;
  ownerEmail: string;
  ownerPassword: string;
  apiKey: string;
  staffEmail: string;
  staffPassword: string;
} {
  return JSON.parse(readFileSync(join(dataDir, 'demo-credentials.json'), 'utf8'));
}

/** Runs a CLI entry to completion and returns its exit code and output. */
export function runCli(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = runTsx(entry, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('exit', (code) => done({ code: code ?? -1, stdout, stderr }));
  });
}
