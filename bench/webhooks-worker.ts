import { createHttpTransport } from '../bff/webhooks/http-transport';
import { startWorker } from '../bff/worker';
import { openPostgres } from '../server-core/db/adapters/postgres';
import { systemClock } from '../server-core/lib/clock';
import { silentLogger } from '../server-core/lib/logger';
import { createSecretBox } from '../server-core/lib/secret-box';
import { parseSecretKey } from '../server-core/lib/secret-key';

/**
 * One worker process of the webhooks benchmark (forked by webhooks.bench.ts): the real worker loop on
 * the benchmark's Postgres schema, allowed to reach the loopback receiver. Says "ready", stops on "stop".
 */
const db = await openPostgres({ url: process.env.DATABASE_URL!, schema: process.env.BENCH_SCHEMA! });
const worker = await startWorker(
  {
    db,
    clock: systemClock,
    logger: silentLogger,
    box: createSecretBox(parseSecretKey(process.env.BENCH_SECRET_KEY!)),
    webhookTransport: createHttpTransport({ allowHosts: ['127.0.0.1'] }),
  },
  { concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32), pollMs: 200 },
);
process.send?.('ready');
const cpuAtStart = process.cpuUsage();
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  const cpu = process.cpuUsage(cpuAtStart);
  await worker.stop();
  await db.close();
  process.send?.({ cpuMs: (cpu.user + cpu.system) / 1000 }, undefined, {}, () => process.exit(0));
});
