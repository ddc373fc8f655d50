import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { summarize } from './stats';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  n: number;
  tool: 'wrk' | 'fetch';
}

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  expectStatus?: number;
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version exits 1 after printing its version
    return (err as { status?: number }).status === 1;
  }
}

const WRK = hasWrk();

/**
 * Drives an HTTP endpoint and reports throughput and latency. Uses wrk (Debian package `wrk`) when
 * installed: a Node client in the same machine tops out far below the server and would measure itself.
 */
export function httpLoad(opts: LoadOptions): Promise<LoadResult> {
  return WRK ? wrkLoad(opts) : fetchLoad(opts);
}

function ms(value: string, unit: string): number {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : n;
}

async function wrkLoad(opts: LoadOptions): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
  try {
    const script = join(dir, 'request.lua');
    const headers = Object.entries(opts.headers ?? {})
      .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
      .join('\n');
    writeFileSync(
      script,
      `wrk.method = ${JSON.stringify(opts.method ?? 'GET')}\n${headers}\n${opts.body ? `wrk.body = ${JSON.stringify(opts.body)}` : ''}\n`,
    );
    const { stdout } = await promisify(execFile)('wrk', [
      '-t2',
      `-c${opts.concurrency}`,
      `-d${Math.round(opts.durationMs / 1000)}s`,
      '--latency',
      '-s',
      script,
      opts.url,
    ]);
    const pct = (p: string) => {
      const m = new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`).exec(stdout);
      return m ? Math.round(ms(m[1]!, m[2]!) * 100) / 100 : Number.NaN;
    };
    const total = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
    return {
      rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? 0)),
      p50: pct('50'),
      p99: pct('99'),
      errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0),
      n: total,
      tool: 'wrk',
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The fallback: fetch loops on a worker thread (its own event loop). */
function fetchLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { method: 'GET', expectStatus: 200, ...opts },
    });
    worker.once('message', ({ latencies, errors }: { latencies: number[]; errors: number }) => {
      const s = summarize(latencies);
      resolve({
        rps: Math.round(latencies.length / (opts.durationMs / 1000)),
        p50: s.p50,
        p99: s.p99,
        errors,
        n: s.n,
        tool: 'fetch',
      });
    });
    worker.once('error', reject);
  });
}

/** The same measurement for an in-process async operation (the bare database query). */
export async function inProcessLoad(
  fn: () => Promise<unknown>,
  concurrency: number,
  durationMs: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        await fn();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const s = summarize(latencies);
  return {
    rps: Math.round(latencies.length / (durationMs / 1000)),
    p50: s.p50,
    p99: s.p99,
    errors: 0,
    n: s.n,
    tool: 'fetch',
  };
}
