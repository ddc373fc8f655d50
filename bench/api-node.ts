import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { buildApp } from '../bff/app';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { createServices } from '../bff/services';
import { createDomainProofFetcher } from '../runtime/http/domain-proof-fetcher';
import { openPostgres } from '../server-core/db/adapters/postgres';
import { systemClock } from '../server-core/lib/clock';

/**
 * One BFF node of the api benchmark's scale-out figure (forked by api.bench.ts): its own process, pool
 * and caches on the benchmark's Postgres schema, as a second server of a deployment would be. Sends its
 * port, stops on "stop". BENCH_CPU_PROF=<dir> writes a CPU profile (node --cpu-prof) of the node.
 */
const db = await openPostgres({ url: process.env.DATABASE_URL!, schema: process.env.BENCH_SCHEMA!, max: 10 });
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
process.send?.({ port: (server.address() as AddressInfo).port });
process.on('message', async (msg) => {
  if (msg !== 'stop') return;
  services.close();
  await new Promise((r) => server.close(r));
  await db.close();
  process.exit(0);
});
