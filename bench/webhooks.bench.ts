import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { createHttpTransport } from '../runtime/http/transport';
import { startWorker } from '../runtime/worker/loop';
import { SYSTEM_ACTOR } from '../server-core/context';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import { createSecretBox, type SecretBox } from '../server-core/lib/secret-box';
import { newId } from '../server-core/lib/ulid';
import { emitEvent } from '../server-core/outbox/emit-event';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { createWebhookEndpoint } from '../server-core/webhooks/create-webhook-endpoint';
import { createWorkspace } from '../server-core/workspaces/create-workspace';
import { claimFigure } from './webhooks-claim';
import { fairnessFigure } from './webhooks-fairness';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
const WORKER_SCRIPT = fileURLToPath(new URL('./webhooks-worker.ts', import.meta.url));
/** Which figures to print: `throughput`, `fairness`, `claim` (default all), comma-separated. */
const FIGURES = new Set((process.env.BENCH_WEBHOOK_FIGURES ?? 'throughput,fairness,claim').split(','));

/** The webhook caps of the environment, as the benchmark's worker processes take them too. */
function envCaps() {
  const { perWorkspace, perEndpoint } = loadConfig(process.env).webhookConcurrency;
  return { perWorkspace, perKey: perEndpoint };
}

/** A loopback receiver that answers 200 at once and counts what it got. */
async function startCountingReceiver(): Promise<{ url: string; count(): number; close(): Promise<void> }> {
  let n = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: () => n,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A fresh workspace with one endpoint; emits `EVENTS` events in one transaction and times until all succeeded. */
async function measureRun(db: Db, box: SecretBox, receiverUrl: string): Promise<number> {
  const now = new Date();
  const ws = await createWorkspace(db, { name: 'bench', now });
  const ctx = { db, clock: systemClock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
  await createWebhookEndpoint(
    ctx,
    { box, policy: { allowHosts: ['127.0.0.1'] } },
    { url: receiverUrl, events: ['contact.created'] },
  );
  await db.tx(async (tx) => {
    for (let i = 0; i < EVENTS; i++) {
      await emitEvent({ ...ctx, db: tx }, 'contact.created', {
        contact_id: newId(),
        external_id: null,
        verified: false,
        created_at: new Date().toISOString(),
      });
    }
  });
  // Timed from the commit: the workers cannot see the events before it.
  const started = performance.now();
  for (;;) {
    const [row] = await db.query<{ n: number }>(
      "select count(*)::int as n from webhook_deliveries where workspace_id = $1 and status = 'succeeded'",
      [ws.id],
    );
    if (row!.n >= EVENTS) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  await db.query('delete from workspaces where id = $1', [ws.id]);
  return EVENTS / seconds;
}

async function forkWorkers(n: number, env: Record<string, string>): Promise<ChildProcess[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<ChildProcess>((resolve, reject) => {
          const child = fork(WORKER_SCRIPT, [], {
            execArgv: [
              '--import',
              'tsx',
              ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
            ],
            env: { ...process.env, ...env },
            stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          });
          child.once('message', () => resolve(child));
          child.once('exit', (code) => reject(new Error(`bench worker exited with ${code}`)));
        }),
    ),
  );
}

/** Stops the workers; returns the CPU time they used, in ms. */
async function stopWorkers(children: ChildProcess[]): Promise<number> {
  const used = await Promise.all(
    children.map(
      (c) =>
        new Promise<number>((resolve) => {
          let cpuMs = 0;
          c.removeAllListeners('exit');
          c.on('message', (m: { cpuMs?: number }) => {
            cpuMs = m.cpuMs ?? cpuMs;
          });
          c.once('exit', () => resolve(cpuMs));
          c.send('stop');
        }),
    ),
  );
  return used.reduce((a, b) => a + b, 0);
}

/**
 * `npm run bench -- webhooks`: deliveries per second from the outbox to a loopback receiver (dispatch,
 * signing, HTTP, recording, retry bookkeeping), with one and with two worker processes on Postgres,
 * and one in-process worker on PGlite for reference. The clock starts at the commit of the events.
 * Then the fairness figure (bench/webhooks-fairness.ts) and the cost of a claim with a deep queue
 * (bench/webhooks-claim.ts), on PGlite and on Postgres.
 */
export async function webhooksBench(): Promise<void> {
  if (FIGURES.has('throughput')) await throughputFigures();
  if (FIGURES.has('fairness')) await fairnessFigures();
  if (FIGURES.has('claim')) await claimFigures();
}

async function claimFigures(): Promise<void> {
  console.log('webhooks claim cost');
  const pglite = await openPglite();
  try {
    await prepareDatabase(pglite, new Date());
    await claimFigure('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const url = process.env.DATABASE_URL;
  if (!url) return console.log('  Postgres: set DATABASE_URL for its figure');
  const scoped = await openThrowawaySchema(url, { prefix: 'bench', max: 2 });
  try {
    await prepareDatabase(scoped.db, new Date());
    await claimFigure('Postgres', scoped.db);
  } finally {
    await scoped.dispose();
  }
}

async function throughputFigures(): Promise<void> {
  const receiver = await startCountingReceiver();
  const masterKey = randomBytes(32);
  const box = createSecretBox(masterKey);
  try {
    console.log(
      `webhooks: ${EVENTS} contact.created events to one endpoint on a loopback receiver ` +
        `(load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; timed from the events' commit)`,
    );
    const pglite = await openPglite();
    await prepareDatabase(pglite, new Date());
    const worker = await startWorker(
      {
        db: pglite,
        clock: systemClock,
        logger: silentLogger,
        box,
        webhookTransport: createHttpTransport({ allowHosts: ['127.0.0.1'] }),
      },
      { pollMs: 200, caps: envCaps() },
    );
    const rate = await measureRun(pglite, box, receiver.url);
    await worker.stop();
    await pglite.close();
    console.log(`  PGlite, 1 in-process worker          ${rate.toFixed(0)} deliveries/s`);

    const url = process.env.DATABASE_URL;
    if (!url) {
      console.log('  Postgres: set DATABASE_URL for the one- and two-worker figures');
      return;
    }
    const scoped = await openThrowawaySchema(url, { prefix: 'bench', max: 4 });
    const { db, schema } = scoped;
    try {
      await prepareDatabase(db, new Date());
      const env = { BENCH_SCHEMA: schema, BENCH_SECRET_KEY: masterKey.toString('hex'), DATABASE_URL: url };
      for (const n of [1, 2]) {
        const rates: number[] = [];
        let cpuMs = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const children = await forkWorkers(n, env);
          rates.push(await measureRun(db, box, receiver.url));
          cpuMs += await stopWorkers(children);
        }
        console.log(
          `  Postgres, ${n} worker process${n > 1 ? 'es' : '  '}    best ${Math.max(...rates).toFixed(0)} deliveries/s` +
            ` (runs ${rates.map((r) => r.toFixed(0)).join(', ')}; worker CPU ${(cpuMs / (ROUNDS * EVENTS)).toFixed(2)} ms per delivery)`,
        );
      }
    } finally {
      await scoped.dispose();
    }
    console.log(`  receiver got ${receiver.count()} requests`);
  } finally {
    await receiver.close();
  }
}

/** The quiet workspace's latency beside a flood: one in-process worker on PGlite, one worker process on Postgres. */
async function fairnessFigures(): Promise<void> {
  const masterKey = randomBytes(32);
  const box = createSecretBox(masterKey);
  console.log(
    `webhooks fairness: workers of the default concurrency (16), the 10 s attempt time-out ` +
      `(load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  await fairnessFigure('PGlite, 1 in-process worker', async (measure) => {
    const pglite = await openPglite();
    await prepareDatabase(pglite, new Date());
    const worker = await startWorker(
      {
        db: pglite,
        clock: systemClock,
        logger: silentLogger,
        box,
        webhookTransport: createHttpTransport({ allowHosts: ['127.0.0.1'] }),
      },
      { pollMs: 200, caps: envCaps() },
    );
    try {
      await measure(pglite, box);
    } finally {
      await worker.stop();
      await pglite.close();
    }
  });
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('  Postgres: set DATABASE_URL for the worker-process figure');
    return;
  }
  await fairnessFigure('Postgres, 1 worker process', async (measure) => {
    const scoped = await openThrowawaySchema(url, { prefix: 'bench', max: 4 });
    try {
      await prepareDatabase(scoped.db, new Date());
      const children = await forkWorkers(1, {
        BENCH_SCHEMA: scoped.schema,
        BENCH_SECRET_KEY: masterKey.toString('hex'),
        BENCH_CONCURRENCY: '16',
        DATABASE_URL: url,
      });
      try {
        await measure(scoped.db, box);
      } finally {
        await stopWorkers(children);
      }
    } finally {
      await scoped.dispose();
    }
  });
}
