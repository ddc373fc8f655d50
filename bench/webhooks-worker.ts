import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { createHttpTransport } from '../runtime/http/transport';
import { parseSecretKey } from '../runtime/secret-key';
import { startWorker } from '../runtime/worker/loop';
import { openPostgres } from '../server-core/db/adapters/postgres';
import { systemClock } from '../server-core/lib/clock';
import { createSecretBox } from '../server-core/lib/secret-box';

/**
 * One worker process of the webhooks benchmark (forked by webhooks.bench.ts): the real worker loop on
 * the benchmark's Postgres schema, allowed to reach the loopback receiver, with the webhook caps of the
 * environment (WEBHOOK_CONCURRENCY_PER_WORKSPACE, WEBHOOK_CONCURRENCY_PER_ENDPOINT). Says "ready", stops on "stop".
 */
const { perWorkspace, perEndpoint } = loadConfig(process.env).webhookConcurrency;
const db = await openPostgres({ url: process.env.DATABASE_URL!, schema: process.env.BENCH_SCHEMA! });
const worker = await startWorker(
  {
    db,
    clock: systemClock,
    logger: silentLogger,
    box: createSecretBox(parseSecretKey(process.env.BENCH_SECRET_KEY!)),
    webhookTransport: createHttpTransport({ allowHosts: ['127.0.0.1'] }),
  },
  {
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
    pollMs: 200,
    caps: { perWorkspace, perKey: perEndpoint },
  },
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
