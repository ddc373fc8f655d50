import { expect, it } from 'vitest';
import { sha256Hex } from '../../../server-core/lib/crypto';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { cookiesFrom, json, makeTestApp, signIn } from '../../testing/services';

describeDb('login and logout', (getDb) => {
  it('sets an httpOnly SameSite=Lax session cookie without Secure on loopback, and returns the memberships', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'admin');
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      ...json({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const cookies = res.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('session='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).toMatch(/Path=\//);
    expect(session).toMatch(/Expires=/);
    expect(session).not.toMatch(/Secure/);
    const csrfCookie = cookies.find((c) => c.startsWith('csrf='))!;
    expect(csrfCookie).not.toMatch(/HttpOnly/);
    const body = (await res.json()) as {
      data: {
        user: { id: string };
        memberships: { workspace_id: string; role: string; permissions: string[] }[];
        csrf_token: string;
      };
    };
    expect(body.data.user.id).toBe(user.id);
    expect(body.data.memberships).toEqual([
      expect.objectContaining({
        workspace_id: ws.id,
        role: 'admin',
        permissions: expect.arrayContaining(['api_keys.manage']),
      }),
    ]);
    expect(csrfCookie.split(';')[0]).toBe(`csrf=${body.data.csrf_token}`);

    const token = session.split(';')[0]!.slice('session='.length);
    const rows = await db.query<{ token_hash: string }>(
      'select token_hash from sessions where user_id = $1',
      [user.id],
    );
    expect(rows.map((r) => r.token_hash)).toEqual([sha256Hex(token)]);
  });

  it('marks cookies Secure with __Host- names when the public URL is not loopback', async () => {
    const db = getDb();
    const t = makeTestApp(db, { PUBLIC_URL: 'https://support.example.com' });
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      ...json({ email: user.email, password: TEST_PASSWORD }),
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('__Host-session='))).toMatch(/; Secure/);
    expect(cookies.find((c) => c.startsWith('__Host-csrf='))).toMatch(/; Secure/);
  });

  it('wrong credentials answer 401 and set no cookie; repeated guesses answer 429 with Retry-After', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.request('/api/v1/auth/login', {
        method: 'POST',
        ...json({ email: user.email, password: `bad-${i}` }),
      });
      statuses.push(res.status);
      expect(res.headers.getSetCookie()).toEqual([]);
      if (res.status === 429) expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('an attacker failing at one address slows that address only: the owner at another signs in (429 → 200)', async () => {
    const db = getDb();
    const t = makeTestApp(db, { TRUST_PROXY: '1' });
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const from = (address: string, password: string) =>
      t.app.request('/api/v1/auth/login', {
        method: 'POST',
        ...json({ email: user.email, password }, { 'X-Forwarded-For': `1.2.3.4, ${address}` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await from('203.0.113.66', `bad-${i}-password`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const refused = await from('203.0.113.66', TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await from('198.51.100.14', TEST_PASSWORD)).status).toBe(200);
  });

  it('logout needs the CSRF token while a session is live, then ends the session', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const s = await signIn(t, user.email, TEST_PASSWORD);

    const forged = await t.app.request('/api/v1/auth/logout', {
      method: 'POST',
      headers: { Cookie: s.cookie },
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('csrf_token_invalid');
    const wrong = await t.app.request('/api/v1/auth/logout', {
      method: 'POST',
      headers: { Cookie: s.cookie, 'X-CSRF-Token': 'f'.repeat(64) },
    });
    expect(wrong.status).toBe(403);

    const res = await t.app.request('/api/v1/auth/logout', { method: 'POST', headers: s.headers });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('session=;'))).toBe(true);
    expect(await db.query('select id from sessions where user_id = $1', [user.id])).toEqual([]);
    // Without a live session logout is harmless.
    expect((await t.app.request('/api/v1/auth/logout', { method: 'POST', headers: s.headers })).status).toBe(
      204,
    );
  });

  it('a login response never lands in an idempotency record, and the cookie helper reads what was set', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const res = await t.app.request('/api/v1/auth/login', {
      method: 'POST',
      ...json({ email: user.email, password: TEST_PASSWORD }, { 'Idempotency-Key': 'login-1' }),
    });
    expect(res.status).toBe(200);
    expect(cookiesFrom(res)).toMatch(/^session=.+; csrf=.+$/);
    expect(await db.query('select key from idempotency_records where key = $1', ['login-1'])).toEqual([]);
  });
});
