import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../server-core/lib/ulid';
import { postgresUrl } from './support/postgres';
import { type ChildServer, demoCredentials, runCli, startChildServer } from './support/server';

const url = postgresUrl('e2e/postgres.e2e.test.ts');

describe.runIf(url)('the real server on Postgres (needs DATABASE_URL)', () => {
  const schema = `e2e_${newId()}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;
  const dbUrl = () => `${url}${url!.includes('?') ? '&' : '?'}search_path=${schema}`;
  const secretKey = randomBytes(32).toString('hex');
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    await admin!.unsafe(`create schema ${schema}`);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await admin!.unsafe(`drop schema ${schema} cascade`);
    await admin!.end();
  });

  it('two nodes starting at once migrate and seed the demo once, and both serve', async () => {
    servers.push(
      ...(await Promise.all(
        [1, 2].map(() => startChildServer({ DATABASE_URL: dbUrl(), SECRET_KEY: secretKey })),
      )),
    );
    const seededBy = servers.filter((s) => /Demo workspace/.test(s.output()));
    expect(seededBy).toHaveLength(1);
    for (const s of servers) {
      expect(await (await fetch(`${s.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'postgres' });
    }
    const creds = demoCredentials(seededBy[0]!.dataDir);
    const other = servers.find((s) => s !== seededBy[0])!;
    const login = await fetch(`${other.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: creds.ownerEmail, password: creds.ownerPassword }),
    });
    expect(login.status).toBe(200);
    expect((await fetch(`${other.url}/demo`)).status).toBe(200);
    const rows = await admin!.unsafe(`select count(*)::int as n from ${schema}.workspaces`);
    expect(rows[0]?.n).toBe(1);
  });

  it('seed and ops work directly against Postgres', async () => {
    const env = {
      ...process.env,
      DATABASE_URL: dbUrl(),
      SECRET_KEY: secretKey,
      DATA_DIR: servers[0]!.dataDir,
    };
    const seed = await runCli('scripts/seed.ts', ['--json'], env);
    expect(seed.code).toBe(0);
    const seeded = JSON.parse(seed.stdout) as { workspaceId: string };
    const ops = await runCli(
      'scripts/ops.ts',
      ['flag', seeded.workspaceId, 'feature.experiences.core', 'off'],
      env,
    );
    expect(ops.code).toBe(0);
    const rows = await admin!.unsafe(`select enabled from ${schema}.feature_flags where workspace_id = $1`, [
      seeded.workspaceId,
    ]);
    expect(rows.map((r) => r.enabled)).toEqual([false]);
  });

  it('a node with another SECRET_KEY refuses to start', async () => {
    await expect(
      startChildServer({ DATABASE_URL: dbUrl(), SECRET_KEY: randomBytes(32).toString('hex') }),
    ).rejects.toThrow(/SECRET_KEY is not the key this database was set up with/);
  });
});
