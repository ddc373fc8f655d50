import { expect, it } from 'vitest';
import { newId } from '../../../server-core/lib/ulid';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';
import { requireMember } from '../session';
import { idempotency } from '.';

/** A probe route that writes a row per execution, slowly enough that duplicates overlap. */
function withProbe(t: TestApp): TestApp {
  const { db } = t.services;
  t.app.post(
    '/probe/workspaces/:workspaceId/things',
    requireMember(t.services),
    idempotency(t.services),
    async (c) => {
      const body = (await c.req.json()) as { name: string; fail?: number };
      if (body.fail) return c.json({ error: { code: 'x', message: 'x', details: {} } }, body.fail as 500);
      const id = newId();
      await db.query('insert into idem_probe (workspace_id, id, name) values ($1, $2, $3)', [
        c.req.param('workspaceId'),
        id,
        body.name,
      ]);
      await new Promise((r) => setTimeout(r, 150));
      return c.json({ data: { id, name: body.name } }, 201);
    },
  );
  return t;
}

describeDb('idempotency middleware', (getDb) => {
  const setup = async () => {
    const db = getDb();
    await db.exec('create table if not exists idem_probe (workspace_id text, id text, name text)');
    const t = withProbe(makeTestApp(db));
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, user.email, TEST_PASSWORD);
    const post = (body: unknown, key?: string, headers = s.headers) =>
      t.app.request(`/probe/workspaces/${ws.id}/things`, {
        method: 'POST',
        ...json(body, { ...headers, ...(key === undefined ? {} : { 'Idempotency-Key': key }) }),
      });
    const count = async () =>
      (
        await db.query<{ n: number }>('select count(*)::int as n from idem_probe where workspace_id = $1', [
          ws.id,
        ])
      )[0]!.n;
    return { t, ws, s, post, count, db };
  };

  it('replays the first answer with the same status and body, and writes once', async () => {
    const { post, count } = await setup();
    const first = await post({ name: 'a' }, 'key-1');
    const second = await post({ name: 'a' }, 'key-1');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/application\/json/);
    expect(await count()).toBe(1);
    await post({ name: 'b' });
    await post({ name: 'b' });
    expect(await count()).toBe(3);
  });

  it('concurrent duplicates are written once and all get the same answer', async () => {
    const { post, count } = await setup();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post({ name: 'parallel' }, 'same-key')),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(await count()).toBe(1);
  });

  it('the same key with another body is a 422 idempotency_key_reused', async () => {
    const { post } = await setup();
    await post({ name: 'one' }, 'key-2');
    const res = await post({ name: 'two' }, 'key-2');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
  });

  it('a key over 255 characters (or empty, or with control characters) is a 422', async () => {
    const { post } = await setup();
    expect((await post({ name: 'x' }, 'k'.repeat(255))).status).toBe(201);
    for (const key of ['k'.repeat(256), 'with space', 'tab\tkey']) {
      const res = await post({ name: 'x' }, key);
      expect(res.status, key).toBe(422);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_idempotency_key');
    }
  });

  it('keys are scoped to the credential: another member with the same key makes their own write', async () => {
    const { t, ws, post, count } = await setup();
    const other = await makeMember(t.services.db, ws.id, 'admin');
    const s2 = await signIn(t, other.email, TEST_PASSWORD);
    await post({ name: 'x' }, 'shared');
    const theirs = await post({ name: 'x' }, 'shared', s2.headers);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await count()).toBe(2);
  });

  it('a failure on our side is not stored: the retry runs again', async () => {
    const { post, count } = await setup();
    expect((await post({ name: 'f', fail: 500 }, 'retry-me')).status).toBe(500);
    expect((await post({ name: 'f', fail: 500 }, 'retry-me')).headers.get('Idempotent-Replayed')).toBeNull();
    expect(await count()).toBe(0);
  });

  it('the key belongs to the signed-in user across sessions, for 24 hours by the clock', async () => {
    const { t, ws, post, count } = await setup();
    const [owner] = await t.services.db.query<{ email: string }>(
      `select u.email from users u join memberships m on m.user_id = u.id where m.workspace_id = $1`,
      [ws.id],
    );
    await post({ name: 'w' }, 'window');
    t.clock.advance(23 * 3600 * 1000);
    const later = await signIn(t, owner!.email, TEST_PASSWORD);
    expect((await post({ name: 'w' }, 'window', later.headers)).headers.get('Idempotent-Replayed')).toBe(
      'true',
    );
    expect(await count()).toBe(1);
    t.clock.advance(2 * 3600 * 1000);
    const fresh = await post({ name: 'w' }, 'window', later.headers);
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await count()).toBe(2);
  });
});
