import type { ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../server-core/context';
import { openPostgres } from '../server-core/db/adapters/postgres';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import { newId } from '../server-core/lib/ulid';
import { emitEvent } from '../server-core/outbox/emit-event';
import { postgresUrl } from './support/postgres';
import { type ChildServer, demoCredentials, runTsx, startChildServer } from './support/server';

const url = postgresUrl('e2e/webhooks.e2e.test.ts');

/**
 * The real processes on one Postgres: `npm start` (with its in-process worker) and two `npm run worker`
 * processes deliver to a loopback receiver; every event arrives once per endpoint, correctly signed.
 */
describe.runIf(url)('webhooks across processes on Postgres (needs DATABASE_URL)', () => {
  const schema = `e2e_hooks_${newId()}`;
  const dbUrl = () => `${url}${url!.includes('?') ? '&' : '?'}search_path=${schema}`;
  const secretKey = randomBytes(32).toString('hex');
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  let admin: Db;
  let server: ChildServer;
  const workers: { child: ChildProcess; output: () => string }[] = [];

  beforeAll(async () => {
    admin = await openPostgres({ url: url!, max: 1 });
    await admin.query(`create schema ${schema}`);
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const env = { DATABASE_URL: dbUrl(), SECRET_KEY: secretKey, UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' };
    server = await startChildServer(env);
    const started: Promise<void>[] = [];
    for (let i = 0; i < 2; i++) {
      const child = runTsx('runtime/worker-main.ts', [], { ...server.env, ...env, LOG_LEVEL: 'info' });
      let out = '';
      const append = (d: Buffer) => (out += d.toString());
      child.stdout!.on('data', append);
      child.stderr!.on('data', append);
      workers.push({ child, output: () => out });
      started.push(
        new Promise<void>((ready, fail) => {
          child.stdout!.on('data', () => /worker started/.test(out) && ready());
          child.once('exit', (code) => fail(new Error(`worker exited (${code}):\n${out}`)));
        }),
      );
    }
    await Promise.all(started);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((done) => {
            if (w.child.exitCode !== null) return done();
            w.child.once('exit', () => done());
            w.child.kill('SIGTERM');
          }),
      ),
    );
    await server?.stop();
    await new Promise<void>((r) => receiver.close(() => r()));
    await admin.query(`drop schema ${schema} cascade`);
    await admin.close();
  });

  it('every process warns that UNSAFE_WEBHOOK_ALLOW_HOSTS is set', () => {
    expect(server.output()).toMatch(/WARN +UNSAFE: webhook URLs may reach non-public hosts/);
    for (const w of workers)
      expect(w.output()).toMatch(/WARN +UNSAFE: webhook URLs may reach non-public hosts/);
  });

  it('delivers each event once per endpoint, signed with the secret the API returned', async () => {
    const creds = demoCredentials(server.dataDir);
    const port = (receiver.address() as AddressInfo).port;
    const secrets: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/api/v1/webhooks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${creds.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${i}`, events: ['contact.created'] }),
      });
      expect(res.status).toBe(201);
      secrets.push(((await res.json()) as { data: { secret: string } }).data.secret);
    }
    const db = await openPostgres({ url: url!, schema, max: 2 });
    try {
      const ctx = { db, clock: systemClock, workspaceId: creds.workspaceId, actor: SYSTEM_ACTOR };
      for (let i = 0; i < 40; i++) {
        await db.tx((tx) =>
          emitEvent({ ...ctx, db: tx }, 'contact.created', {
            contact_id: newId(),
            external_id: null,
            verified: false,
            created_at: new Date().toISOString(),
          }),
        );
      }
    } finally {
      await db.close();
    }
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(80);
    // Nothing more can come once every event is dispatched, every delivery succeeded and no attempt job is
    // pending or running (a worker sends only while it holds a running job).
    await expect
      .poll(
        async () =>
          (
            await admin.query<{ undispatched: number; succeeded: number; busy: number }>(
              `select (select count(*)::int from ${schema}.outbox where dispatched_at is null) as undispatched,
                      (select count(*)::int from ${schema}.webhook_deliveries where status = 'succeeded') as succeeded,
                      (select count(*)::int from ${schema}.jobs
                        where kind = 'webhook.attempt' and state in ('pending', 'running')) as busy`,
            )
          )[0],
        { timeout: 30_000 },
      )
      .toEqual({ undispatched: 0, succeeded: 80, busy: 0 });
    expect(received).toHaveLength(80);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(80);
    for (const r of received) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(r.headers['service-signature']))!;
      const ok = secrets.some(
        (s) => createHmac('sha256', s).update(`${t}.`).update(r.body).digest('hex') === v1,
      );
      expect(ok).toBe(true);
      expect(r.headers['service-attempt']).toBe('1');
    }
  });
});
