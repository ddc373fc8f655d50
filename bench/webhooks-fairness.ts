import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SYSTEM_ACTOR } from '../server-core/context';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import type { SecretBox } from '../server-core/lib/secret-box';
import { newId } from '../server-core/lib/ulid';
import { emitEvent } from '../server-core/outbox/emit-event';
import { createWebhookEndpoint } from '../server-core/webhooks/create-webhook-endpoint';
import { createWorkspace } from '../server-core/workspaces/create-workspace';

/** The flooding workspace's endpoints (the most a workspace may register) and the events it fires at them. */
const FLOOD_ENDPOINTS = Number(process.env.BENCH_FLOOD_ENDPOINTS ?? 20);
const FLOOD_EVENTS = Number(process.env.BENCH_FLOOD_EVENTS ?? 5);
/** The quiet workspace's events, one a second, each timed from its commit to its arrival. */
const QUIET_EVENTS = Number(process.env.BENCH_QUIET_EVENTS ?? 3);
/** A quiet delivery still missing after this is reported as "> GIVE_UP". */
const GIVE_UP_MS = Number(process.env.BENCH_FAIRNESS_GIVE_UP_MS ?? 150_000);

/**
 * Two loopback receivers: a quick one that answers 200 at once and notes when each delivery arrived
 * (by Idempotency-Key), and a silent one that never answers (each attempt holds a worker slot for the
 * whole transport time-out). Closing destroys the held requests.
 */
async function startReceivers() {
  const arrived = new Map<string, number>();
  const held = new Set<ServerResponse>();
  const quick = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived.set(String(req.headers['idempotency-key']), performance.now());
      res.writeHead(200).end();
    });
  });
  const silent = createServer((req, res) => {
    req.resume();
    held.add(res);
  });
  const listen = async (s: typeof quick) => {
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`;
  };
  return {
    quickUrl: await listen(quick),
    silentUrl: await listen(silent),
    arrived,
    async close() {
      for (const res of held) res.destroy();
      for (const s of [quick, silent]) {
        s.closeAllConnections();
        await new Promise<void>((r) => s.close(() => r()));
      }
    },
  };
}

type Receivers = Awaited<ReturnType<typeof startReceivers>>;

async function workspaceWithEndpoints(db: Db, box: SecretBox, url: string, count: number) {
  const ws = await createWorkspace(db, { name: `fairness-${newId()}`, now: new Date() });
  const ctx = { db, clock: systemClock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
  for (let i = 0; i < count; i++) {
    await createWebhookEndpoint(
      ctx,
      { box, policy: { allowHosts: ['127.0.0.1'] } },
      { url: `${url}/${i}`, events: ['contact.created'] },
    );
  }
  return ctx;
}

async function emit(ctx: { db: Db; workspaceId: string }, n: number): Promise<void> {
  await ctx.db.tx(async (tx) => {
    for (let i = 0; i < n; i++) {
      await emitEvent(
        { db: tx, clock: systemClock, workspaceId: ctx.workspaceId, actor: SYSTEM_ACTOR },
        'contact.created',
        { contact_id: newId(), external_id: null, verified: false, created_at: new Date().toISOString() },
      );
    }
  });
}

/** Fires the quiet workspace's events one a second; returns each one's latency (commit to arrival), ms. */
async function quietLatencies(db: Db, box: SecretBox, r: Receivers): Promise<(number | null)[]> {
  const quiet = await workspaceWithEndpoints(db, box, r.quickUrl, 1);
  const committed: { at: number; key: () => Promise<string | undefined> }[] = [];
  for (let i = 0; i < QUIET_EVENTS; i++) {
    if (i > 0) await new Promise((res) => setTimeout(res, 1000));
    await emit(quiet, 1);
    const at = performance.now();
    const seen = committed.length;
    committed.push({
      at,
      // The delivery (its Idempotency-Key) exists once a worker dispatched the event.
      key: async () =>
        (
          await db.query<{ delivery_key: string }>(
            'select delivery_key from webhook_deliveries where workspace_id = $1 order by created_at, id offset $2 limit 1',
            [quiet.workspaceId, seen],
          )
        )[0]?.delivery_key,
    });
  }
  const started = performance.now();
  const latencies: (number | null)[] = committed.map(() => null);
  while (performance.now() - started < GIVE_UP_MS && latencies.some((l) => l === null)) {
    for (const [i, c] of committed.entries()) {
      if (latencies[i] !== null) continue;
      const key = await c.key();
      const arrivedAt = key === undefined ? undefined : r.arrived.get(key);
      if (arrivedAt !== undefined) latencies[i] = arrivedAt - c.at;
    }
    await new Promise((res) => setTimeout(res, 50));
  }
  return latencies;
}

const show = (ms: number | null) =>
  ms === null ? `> ${GIVE_UP_MS / 1000} s` : `${(ms / 1000).toFixed(2)} s`;

/**
 * The fairness figure: the delivery latency of a quiet workspace (one endpoint, a quick receiver),
 * alone and while another workspace floods silent receivers (FLOOD_ENDPOINTS endpoints, FLOOD_EVENTS
 * events to each, every attempt held for the whole 10 s time-out). Goal: the same within 2 s.
 * `run` starts the workers on a fresh database and stops them after.
 */
export async function fairnessFigure(
  label: string,
  run: (measure: (db: Db, box: SecretBox) => Promise<void>) => Promise<void>,
): Promise<void> {
  const receivers = await startReceivers();
  try {
    let alone: (number | null)[] = [];
    let flooded: (number | null)[] = [];
    await run(async (db, box) => {
      alone = await quietLatencies(db, box, receivers);
      const flood = await workspaceWithEndpoints(db, box, receivers.silentUrl, FLOOD_ENDPOINTS);
      await emit(flood, FLOOD_EVENTS);
      // Let the workers take up the flood before the quiet workspace fires.
      await new Promise((res) => setTimeout(res, 1000));
      flooded = await quietLatencies(db, box, receivers);
    });
    const worst = (l: (number | null)[]) => (l.includes(null) ? null : Math.max(...(l as number[])));
    console.log(
      `  ${label}: quiet workspace's delivery latency, alone ${alone.map(show).join(', ')} (worst ${show(worst(alone))}); ` +
        `while another floods ${FLOOD_ENDPOINTS} silent endpoints with ${FLOOD_ENDPOINTS * FLOOD_EVENTS} deliveries ` +
        `${flooded.map(show).join(', ')} (worst ${show(worst(flooded))})`,
    );
  } finally {
    await receivers.close();
  }
}
