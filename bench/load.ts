import { Worker } from 'node:worker_threads';
import { summarize } from './stats';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  n: number;
}

/** Drives an HTTP endpoint from a worker thread and reports throughput and latency. */
export function httpLoad(opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  expectStatus?: number;
}): Promise<LoadResult> {
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
  };
}
