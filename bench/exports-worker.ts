import { randomBytes } from 'node:crypto';
import { silentLogger } from '../bff/logger';
import { createDiskFileStore } from '../runtime/files/disk-file-store';
import { createHttpTransport } from '../runtime/http/transport';
import { runWorkerOnce } from '../runtime/worker/loop';
import { openPostgres } from '../server-core/db/adapters/postgres';
import { systemClock } from '../server-core/lib/clock';
import { createSecretBox } from '../server-core/lib/secret-box';

/**
 * The worker process of the exports benchmark (forked by exports.bench.ts): the real worker's claim and
 * handlers on the benchmark's Postgres schema and a file store in BENCH_FILES, run until no job is left,
 * its memory sampled every 20 ms. Reports its RSS before, its peak RSS and peak heap, by IPC.
 */
const db = await openPostgres({ url: process.env.DATABASE_URL!, schema: process.env.BENCH_SCHEMA!, max: 2 });
const deps = {
  db,
  clock: systemClock,
  logger: silentLogger,
  box: createSecretBox(randomBytes(32)),
  webhookTransport: createHttpTransport({ allowHosts: [] }),
  attachments: { store: createDiskFileStore(process.env.BENCH_FILES!), scanner: null },
};
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 20);
const started = Date.now();
let jobs = 0;
for (;;) {
  const n = await runWorkerOnce(deps, 'bench-exports', { dispatch: false, batch: 1 });
  if (n === 0) break;
  jobs += n;
}
clearInterval(sampler);
await db.close();
process.send!({ jobs, ms: Date.now() - started, rssBefore: before.rss, peakRss, peakHeap });
