import { expect, it } from 'vitest';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { newId } from '../../../server-core/lib/ulid';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { json, makeTestApp, signIn, type TestApp } from '../../testing/services';
import { publicApi } from '../guards';

/** A public probe operation so bearer authentication can be exercised before real resources exist. */
function withProbe(t: TestApp): TestApp {
  t.app.use('/probe/public', ...publicApi(t.services, { abilities: ['contacts:read'] }));
  t.app.get('/probe/public', (c) => c.json({ workspace: c.get('credential')!.workspaceId }));
  return t;
}

describeDb('API keys (portal) and bearer authentication', (getDb) => {
  const setup = async (env: Record<string, string> = {}) => {
    const db = getDb();
    const t = withProbe(makeTestApp(db, env));
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}/api-keys`;
    const create = (body: unknown, headers: Record<string, string> = {}) =>
      t.app.request(base, { method: 'POST', ...json(body, { ...s.headers, ...headers }) });
    return { db, t, ws, s, base, create };
  };

  it('creates a key whose plaintext is shown once, stored as a hash, and works as a bearer', async () => {
    const { db, t, ws, create } = await setup();
    const res = await create({ name: 'CRM sync', abilities: ['contacts:write', 'contacts:read'] });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = (await res.json()) as {
      data: { id: string; abilities: string[]; key_prefix: string; revoked_at: null };
      plaintext_key: string;
    };
    expect(body.plaintext_key).toMatch(/^spk_[0-9a-z]{26}[0-9A-Za-z]{40}$/);
    expect(body.plaintext_key.startsWith(body.data.key_prefix)).toBe(true);
    expect(body.data.abilities).toEqual(['contacts:read', 'contacts:write', 'events:write']);
    const stored = await db.query('select * from api_keys where workspace_id = $1', [ws.id]);
    expect(JSON.stringify(stored)).not.toContain(body.plaintext_key);
    expect(stored[0]).toMatchObject({ key_hash: sha256Hex(body.plaintext_key) });

    const probe = await t.app.request('/probe/public', {
      headers: { Authorization: `Bearer ${body.plaintext_key}` },
    });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toEqual({ workspace: ws.id });
    expect(probe.headers.get('RateLimit-Limit')).toBe('600');
    expect(probe.headers.get('RateLimit-Remaining')).toBe('599');
  });

  it('an idempotent create replays the same key without storing it in clear', async () => {
    const { db, create } = await setup();
    const a = await create({ name: 'once', abilities: ['guides:read'] }, { 'Idempotency-Key': 'create-1' });
    const b = await create({ name: 'once', abilities: ['guides:read'] }, { 'Idempotency-Key': 'create-1' });
    const ka = ((await a.json()) as { plaintext_key: string }).plaintext_key;
    expect(((await b.json()) as { plaintext_key: string }).plaintext_key).toBe(ka);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    const records = await db.query('select response_body from idempotency_records where key = $1', [
      'create-1',
    ]);
    expect(JSON.stringify(records)).not.toContain(ka);
  });

  it('refuses unknown abilities, empty names and past expiry with 422', async () => {
    const { create } = await setup();
    for (const body of [
      { name: 'x', abilities: ['contacts:delete'] },
      { name: 'x', abilities: [] },
      { name: '  ', abilities: ['guides:read'] },
      { name: 'x', abilities: ['guides:read'], expires_at: '2000-01-01T00:00:00Z' },
      { name: 'x'.repeat(101), abilities: ['guides:read'] },
    ]) {
      expect((await create(body)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('lists keys newest first with revoked ones, and revoking twice keeps the first revoked_at', async () => {
    const { t, s, base, create } = await setup();
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c'])
      ids.push(
        ((await (await create({ name, abilities: ['guides:read'] })).json()) as { data: { id: string } }).data
          .id,
      );
    const first = await t.app.request(`${base}/${ids[1]}`, { method: 'DELETE', headers: s.headers });
    expect(first.status).toBe(200);
    const revokedAt = ((await first.json()) as { data: { revoked_at: string } }).data.revoked_at;
    t.clock.advance(60_000);
    const again = await t.app.request(`${base}/${ids[1]!.toUpperCase()}`, {
      method: 'DELETE',
      headers: s.headers,
    });
    expect(((await again.json()) as { data: { revoked_at: string } }).data.revoked_at).toBe(revokedAt);

    const page1 = (await (await t.app.request(`${base}?limit=2`, { headers: s.headers })).json()) as {
      meta: { next_cursor: string };
      data: { id: string; revoked_at: string | null }[];
    };
    expect(page1.data.map((k) => k.id)).toEqual([ids[2], ids[1]]);
    expect(page1.data[1]!.revoked_at).toBe(revokedAt);
    const page2 = (await (
      await t.app.request(`${base}?limit=2&cursor=${page1.meta.next_cursor}`, { headers: s.headers })
    ).json()) as { meta: { next_cursor: string | null }; data: { id: string }[] };
    expect(page2.data.map((k) => k.id)).toEqual([ids[0]]);
    expect(page2.meta.next_cursor).toBeNull();

    expect((await t.app.request(`${base}?limit=0`, { headers: s.headers })).status).toBe(422);
    const bad = await t.app.request(`${base}?limit=101`, { headers: s.headers });
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_limit');
    const badCursor = await t.app.request(`${base}?cursor=garbage`, { headers: s.headers });
    expect(((await badCursor.json()) as { error: { code: string } }).error.code).toBe('invalid_cursor');
    expect((await t.app.request(`${base}/${newId()}`, { method: 'DELETE', headers: s.headers })).status).toBe(
      404,
    );
    expect((await t.app.request(`${base}/not-an-id`, { method: 'DELETE', headers: s.headers })).status).toBe(
      404,
    );
  });

  it("a member without api_keys.manage gets 403; another workspace's key id is 404", async () => {
    const { db, t, ws, base, create } = await setup();
    const member = await makeMember(db, ws.id, 'member');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    expect((await t.app.request(base, { headers: m.headers })).status).toBe(403);

    const other = await setup();
    const theirs = (
      (await (await other.create({ name: 'theirs', abilities: ['guides:read'] })).json()) as {
        data: { id: string };
      }
    ).data.id;
    const mine = await create({ name: 'mine', abilities: ['guides:read'] });
    expect(mine.status).toBe(201);
    const s = await signIn(
      t,
      (
        await db.query<{ email: string }>(
          `select email from users u join memberships m on m.user_id = u.id where m.workspace_id = $1 and m.role = 'owner'`,
          [ws.id],
        )
      )[0]!.email,
      TEST_PASSWORD,
    );
    expect((await t.app.request(`${base}/${theirs}`, { method: 'DELETE', headers: s.headers })).status).toBe(
      404,
    );
  });

  it('revoked, expired, unknown and malformed keys answer the same 401; a revocation reaches another node at once', async () => {
    const { db, t, s, base, create } = await setup();
    const nodeB = withProbe(makeTestApp(db));
    const k = (await (
      await create({
        name: 'k',
        abilities: ['contacts:read'],
        expires_at: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
      })
    ).json()) as { data: { id: string }; plaintext_key: string };
    const call = (app: TestApp, key: string) =>
      app.app.request('/probe/public', { headers: { Authorization: `Bearer ${key}` } });
    expect((await call(nodeB, k.plaintext_key)).status).toBe(200); // node B caches it

    await t.app.request(`${base}/${k.data.id}`, { method: 'DELETE', headers: s.headers });
    await expect.poll(async () => (await call(nodeB, k.plaintext_key)).status, { timeout: 5000 }).toBe(401);

    const k2 = (await (
      await create({
        name: 'k2',
        abilities: ['contacts:read'],
        expires_at: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
      })
    ).json()) as { plaintext_key: string };
    expect((await call(t, k2.plaintext_key)).status).toBe(200);
    t.clock.advance(3600_000);
    const expired = await call(t, k2.plaintext_key);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
    const bodies = new Set<string>([await expired.text()]);
    for (const header of [
      `Bearer ${k2.plaintext_key.slice(0, -1)}x`,
      'Bearer spk_nope',
      `Basic ${Buffer.from('a:b').toString('base64')}`,
      'Bearer',
      '',
      `Bearer ${'a'.repeat(5000)}`,
    ]) {
      const res = await t.app.request('/probe/public', { headers: header ? { Authorization: header } : {} });
      expect(res.status, header).toBe(401);
      bodies.add(await res.text());
    }
    expect(bodies.size).toBe(1);
  });

  it('a key without the ability gets 403 missing_ability; last_used_at is written without a write per request', async () => {
    const { db, t, create } = await setup();
    const k = (await (await create({ name: 'r', abilities: ['guides:read'] })).json()) as {
      data: { id: string };
      plaintext_key: string;
    };
    const res = await t.app.request('/probe/public', {
      headers: { Authorization: `Bearer ${k.plaintext_key}` },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { code: 'missing_ability', details: { missing: ['contacts:read'] } },
    });
    const usedAt = async () =>
      (
        await db.query<{ last_used_at: Date | null }>('select last_used_at from api_keys where id = $1', [
          k.data.id,
        ])
      )[0]!.last_used_at;
    const first = await usedAt();
    expect(first).not.toBeNull();
    t.clock.advance(10_000);
    await t.app.request('/probe/public', { headers: { Authorization: `Bearer ${k.plaintext_key}` } });
    expect(await usedAt()).toEqual(first);
    t.clock.advance(60_000);
    await t.app.request('/probe/public', { headers: { Authorization: `Bearer ${k.plaintext_key}` } });
    expect((await usedAt())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it('rate limits per key answer 429 with Retry-After and RateLimit headers, shared by two nodes', async () => {
    const { db, t, create } = await setup({ RATE_LIMIT_PER_KEY: '5', RATE_LIMIT_PER_WORKSPACE: '100' });
    t.clock.set(new Date(Math.floor(t.clock.now().getTime() / 60_000) * 60_000 + 10_000));
    const nodeB = withProbe(
      makeTestApp(
        db,
        { RATE_LIMIT_PER_KEY: '5', RATE_LIMIT_PER_WORKSPACE: '100' },
        t.clock.now().toISOString(),
      ),
    );
    const k = (
      (await (await create({ name: 'rl', abilities: ['contacts:read'] })).json()) as { plaintext_key: string }
    ).plaintext_key;
    const call = (app: TestApp) =>
      app.app.request('/probe/public', { headers: { Authorization: `Bearer ${k}` } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(t)).status);
    await t.services.rateLimiter.flush();
    for (let i = 0; i < 3; i++) statuses.push((await call(nodeB)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await call(nodeB);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('50');
    expect(refused.headers.get('RateLimit-Remaining')).toBe('0');
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    t.clock.advance(50_000);
    nodeB.clock.advance(50_000);
    expect((await call(nodeB)).status).toBe(200);
    t.services.close();
    nodeB.services.close();
  });
});
