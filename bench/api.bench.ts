import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildApp } from '../bff/app';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { createServices } from '../bff/services';
import { createDomainProofFetcher } from '../runtime/http/domain-proof-fetcher';
import { upsertContact } from '../server-core/contacts/upsert-contact';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { seedWorkspace } from '../server-core/setup/seed-workspace';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { httpLoad, inProcessLoad, type LoadResult } from './load';

const DURATION_MS = 5000;
const CONCURRENCY = 16;
/**
 * The GET's warm-up: the JIT (and PGlite's WASM tiers) settle only after a few seconds of load; after one
 * second a fresh process still spent about twice the CPU per request of its steady state.
 */
const WARM_UP_MS = 4000;
type Measured = LoadResult & { cpuUs: number };
const fmt = (r: Measured) =>
  `${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  cpu ${r.cpuUs} us/req${r.errors ? `  errors ${r.errors}` : ''}`;

/**
 * This process's CPU time per request during a load: with wrk (its own process) that is the server's
 * cost alone, a figure that moves far less than req/s when other work shares the machine.
 */
async function withCpu(load: () => Promise<LoadResult>): Promise<Measured> {
  const before = process.cpuUsage();
  const r = await load();
  const used = process.cpuUsage(before);
  return { ...r, cpuUs: r.n ? Math.round((used.user + used.system) / r.n) : 0 };
}

const NODE_SCRIPT = new URL('./api-node.ts', import.meta.url).pathname;

export interface ApiFigures {
  label: string;
  http: Measured;
  bare: Measured;
  floor: Measured;
  scaleOut: { one: number; two: number } | null;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The floor of any HTTP API on this machine: node:http, the same point select, JSON out, nothing else. */
function bareHttpServer(db: Db, workspaceId: string): Server {
  return createServer((req, res) => {
    const id = req.url!.slice(req.url!.lastIndexOf('/') + 1);
    db.query('select * from contacts where workspace_id = $1 and id = $2', [workspaceId, id]).then(
      ([row]) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ data: row }));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
}

/** Forks a BFF node process on the benchmark's schema; resolves once it listens. */
function forkNode(schema: string): Promise<{ child: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const child = fork(NODE_SCRIPT, [], {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ],
      env: { ...process.env, BENCH_SCHEMA: schema },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: { port: number }) => resolve({ child, base: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`api bench node exited with ${code}`)));
  });
}

function stopNode(child: ChildProcess): Promise<void> {
  return new Promise((r) => {
    child.removeAllListeners('exit');
    child.once('exit', () => r());
    child.send('stop');
  });
}

/**
 * Requests per second of GET /contacts/{id} with one BFF node process, then two on the same Postgres,
 * each driven by its own load generator with half the connections.
 */
async function scaleOut(schema: string, path: string, auth: Record<string, string>) {
  const nodes = [await forkNode(schema), await forkNode(schema)];
  try {
    const load = (base: string, concurrency: number, durationMs: number) =>
      httpLoad({ url: `${base}${path}`, headers: auth, concurrency, durationMs });
    await Promise.all(nodes.map((n) => load(n.base, CONCURRENCY / 2, 1000))); // warm-up
    const one = await load(nodes[0]!.base, CONCURRENCY, DURATION_MS);
    const two = await Promise.all(nodes.map((n) => load(n.base, CONCURRENCY / 2, DURATION_MS)));
    return { one: one.rps, two: two[0]!.rps + two[1]!.rps };
  } finally {
    await Promise.all(nodes.map((n) => stopNode(n.child)));
  }
}

async function measure(db: Db, label: string, schema: string | null): Promise<ApiFigures> {
  await prepareDatabase(db, new Date());
  const seeded = await seedWorkspace(db, { now: new Date(), name: 'bench' });
  const ctx = {
    db,
    clock: systemClock,
    workspaceId: seeded.workspaceId,
    actor: { type: 'system' as const, id: null },
  };
  const { contact } = await upsertContact(ctx, {
    email: 'bench@example.com',
    name: 'Bench',
    attributes: { plan: 'pro' },
  });
  const services = createServices({
    db,
    clock: systemClock,
    config: loadConfig({
      DEMO: 'off',
      WORKER: 'off',
      RATE_LIMIT_PER_KEY: '100000000',
      RATE_LIMIT_PER_WORKSPACE: '100000000',
    }),
    logger: silentLogger,
    masterKey: randomBytes(32),
    domainProof: createDomainProofFetcher({ allowHosts: [] }),
  });
  const floorServer = bareHttpServer(db, seeded.workspaceId);
  const floorBase = await listen(floorServer);
  const server = serve({ fetch: buildApp(services).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = { Authorization: `Bearer ${seeded.apiKey}` };
  try {
    await httpLoad({
      url: `${base}/api/v1/contacts/${contact.id}`,
      headers: auth,
      concurrency: CONCURRENCY,
      durationMs: WARM_UP_MS,
    });
    const http = await withCpu(() =>
      httpLoad({
        url: `${base}/api/v1/contacts/${contact.id}`,
        headers: auth,
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
      }),
    );
    const bare = await withCpu(() =>
      inProcessLoad(
        () =>
          db.query('select * from contacts where workspace_id = $1 and id = $2', [
            seeded.workspaceId,
            contact.id,
          ]),
        CONCURRENCY,
        DURATION_MS,
      ),
    );
    const floor = await withCpu(() =>
      httpLoad({
        url: `${floorBase}/contacts/${contact.id}`,
        concurrency: CONCURRENCY,
        durationMs: DURATION_MS,
      }),
    );
    const batch = JSON.stringify({
      events: Array.from({ length: 100 }, (_, i) => ({
        name: 'bench_event',
        contact_id: contact.id,
        properties: { i },
      })),
    });
    const events = await withCpu(() =>
      httpLoad({
        url: `${base}/api/v1/events`,
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: batch,
        concurrency: 4,
        durationMs: DURATION_MS,
      }),
    );
    console.log(
      `api on ${label} (${CONCURRENCY} concurrent, ${DURATION_MS / 1000} s each; HTTP load by ${http.tool === 'wrk' ? 'wrk' : 'fetch on a worker thread: install wrk for real figures'})`,
    );
    console.log(`  GET /api/v1/contacts/{id}      ${fmt(http)}`);
    console.log(`  bare point select (same pool)  ${fmt(bare)}`);
    console.log(`  ratio http / bare              ${(http.rps / bare.rps).toFixed(2)} (goal >= 0.5)`);
    console.log(`  node:http + the same select    ${fmt(floor)}  (the floor of any HTTP API here)`);
    console.log(`  ratio http / node:http floor   ${(http.rps / floor.rps).toFixed(2)}`);
    console.log(`  POST /api/v1/events (100/batch) ${fmt(events)} = ${events.rps * 100} events/s`);
    const scaled = schema ? await scaleOut(schema, `/api/v1/contacts/${contact.id}`, auth) : null;
    if (scaled) {
      console.log(
        `  scale-out, separate processes  1 node ${scaled.one} req/s, 2 nodes ${scaled.two} req/s (x${(scaled.two / scaled.one).toFixed(2)})`,
      );
    }
    return { label, http, bare, floor, scaleOut: scaled };
  } finally {
    services.close();
    await new Promise((r) => server.close(r));
    await new Promise((r) => floorServer.close(r));
  }
}

/** Both databases in one run (Postgres when DATABASE_URL is set), then the goal's figures side by side. */
export async function apiBench(): Promise<void> {
  const figures: ApiFigures[] = [];
  if (process.env.DATABASE_URL) {
    const scoped = await openThrowawaySchema(process.env.DATABASE_URL, { prefix: 'bench', max: 10 });
    try {
      figures.push(await measure(scoped.db, 'Postgres (pool of 10)', scoped.schema));
    } finally {
      await scoped.dispose();
    }
  }
  const pglite = await openPglite();
  figures.push(await measure(pglite, 'PGlite (in memory)', null));
  await pglite.close();
  console.log('GET /api/v1/contacts/{id} against a bare point select, this run:');
  for (const f of figures) {
    console.log(
      `  ${f.label.padEnd(22)} ratio ${(f.http.rps / f.bare.rps).toFixed(2)}  http p99 ${f.http.p99} ms  bare p99 ${f.bare.p99} ms`,
    );
  }
}
