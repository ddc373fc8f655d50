import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DIST_DIR } from '../../runtime/widget-bundle';
import { ROOT } from './server';
import { e2eTempDir } from './temp';

/** npm settings a CI may give through the environment; the rest of npm_* describes the parent project. */
const KEPT_NPM_SETTINGS = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);

/**
 * The parent's environment without what `npm test` sets for its own scripts (npm_config_local_prefix
 * would point a scratch copy's npm at this checkout), and without the service's own settings, so a
 * scratch copy starts as on a fresh machine; `extra` is added on top.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !k.toLowerCase().startsWith('npm_') || KEPT_NPM_SETTINGS.has(k.toLowerCase()),
    ),
  );
  for (const k of ['DATABASE_URL', 'DATA_DIR', 'SECRET_KEY', 'DEMO', 'PORT', 'PUBLIC_URL', 'WIDGET_API_URL'])
    delete env[k];
  return { ...env, ...extra };
}

/**
 * A fresh copy of the repository as a clone has it: the tracked files (as they are in this working tree),
 * plus the dist/ this run built. The caller removes it.
 */
export function scratchCopy(prefix: string): string {
  const dir = e2eTempDir(prefix);
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  for (const file of tracked.filter((f) => f && existsSync(join(ROOT, f)))) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  cpSync(DIST_DIR, join(dir, 'dist'), { recursive: true });
  return dir;
}

export interface Started {
  child: ChildProcess;
  output: () => string;
  /** Stops the whole process group (npm, its shell, tsx, node) and waits for it. */
  stop(): Promise<void>;
}

/**
 * Spawns a command in its own process group and waits until it prints "listening on" (the server's
 * banner). Rejects with the output when it exits first or is not listening in 90 s.
 */
export async function startListening(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  try {
    await new Promise<void>((ready, fail) => {
      const timer = setTimeout(() => fail(new Error(`not listening in 90 s:\n${out}`)), 90_000);
      child.stdout!.on('data', () => {
        if (/listening on /.test(out)) {
          clearTimeout(timer);
          ready();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`${command} exited (${code}):\n${out}`));
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, output: () => out, stop } satisfies Started;
}
