import { randomBytes } from 'node:crypto';
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
const fmt = (r: LoadResult) =>
  `${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms${r.errors ? `  errors ${r.errors}` : ''}`;

async function measure(db: Db, label: string): Promise<void> {
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
  const server = serve({ fetch: buildApp(services).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = { Authorization: `Bearer ${seeded.apiKey}` };
  try {
    await httpLoad({
      url: `${base}/api/v1/contacts/${contact.id}`,
      headers: auth,
      concurrency: CONCURRENCY,
      durationMs: 1000,
    }); // warm-up
    const http = await httpLoad({
      url: `${base}/api/v1/contacts/${contact.id}`,
      headers: auth,
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
    });
    const bare = await inProcessLoad(
      () =>
        db.query('select * from contacts where workspace_id = $1 and id = $2', [
          seeded.workspaceId,
          contact.id,
        ]),
      CONCURRENCY,
      DURATION_MS,
    );
    const batch = JSON.stringify({
      events: Array.from({ length: 100 }, (_, i) => ({
        name: 'bench_event',
        contact_id: contact.id,
        properties: { i },
      })),
    });
    const events = await httpLoad({
      url: `${base}/api/v1/events`,
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: batch,
      concurrency: 4,
      durationMs: DURATION_MS,
    });
    console.log(
      `api on ${label} (${CONCURRENCY} concurrent, ${DURATION_MS / 1000} s each; HTTP load by ${http.tool === 'wrk' ? 'wrk' : 'fetch on a worker thread: install wrk for real figures'})`,
    );
    console.log(`  GET /api/v1/contacts/{id}      ${fmt(http)}`);
    console.log(`  bare point select (same pool)  ${fmt(bare)}`);
    console.log(`  ratio http / bare              ${(http.rps / bare.rps).toFixed(2)} (goal >= 0.5)`);
    console.log(`  POST /api/v1/events (100/batch) ${fmt(events)} = ${events.rps * 100} events/s`);
  } finally {
    services.close();
    await new Promise((r) => server.close(r));
  }
}

export async function apiBench(): Promise<void> {
  if (process.env.DATABASE_URL) {
    const scoped = await openThrowawaySchema(process.env.DATABASE_URL, { prefix: 'bench', max: 10 });
    try {
      await measure(scoped.db, 'Postgres (pool of 10)');
    } finally {
      await scoped.dispose();
    }
  }
  const pglite = await openPglite();
  await measure(pglite, 'PGlite (in memory)');
  await pglite.close();
}
