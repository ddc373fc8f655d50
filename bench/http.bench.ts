import { randomBytes } from 'node:crypto';
import { buildApp } from '../bff/app';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { createServices } from '../bff/services';
import { createDomainProofFetcher } from '../runtime/http/domain-proof-fetcher';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import { newId } from '../server-core/lib/ulid';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { openThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { summarize } from './stats';

const ROUNDS = 2000;

async function measure(db: Db, label: string): Promise<void> {
  await prepareDatabase(db, new Date());
  const services = createServices({
    db,
    clock: systemClock,
    config: loadConfig({ DEMO: 'off', WORKER: 'off' }),
    logger: silentLogger,
    masterKey: randomBytes(32),
    domainProof: createDomainProofFetcher({ allowHosts: [] }),
  });
  const app = buildApp(services);
  const run = async (path: string, init?: RequestInit) => {
    const ms: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const t = performance.now();
      const res = await app.request(path, init);
      await res.arrayBuffer();
      ms.push(performance.now() - t);
    }
    return summarize(ms.slice(ROUNDS / 10));
  };
  console.log(`http in-process on ${label} (${ROUNDS} sequential requests, first 10% discarded)`);
  console.log('  GET /healthz (one query)        ', JSON.stringify(await run('/healthz')));
  console.log('  GET /unknown (404 envelope)     ', JSON.stringify(await run(`/nope/${newId()}`)));
  console.log(
    '  POST /auth/login, bad JSON (422)',
    JSON.stringify(
      await run('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{',
      }),
    ),
  );
}

export async function httpBench(): Promise<void> {
  const pglite = await openPglite();
  await measure(pglite, 'PGlite (in memory)');
  await pglite.close();
  if (process.env.DATABASE_URL) {
    const scoped = await openThrowawaySchema(process.env.DATABASE_URL, { prefix: 'bench' });
    try {
      await measure(scoped.db, 'Postgres');
    } finally {
      await scoped.dispose();
    }
  }
}
