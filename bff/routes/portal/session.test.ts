import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { makeTestApp, signIn } from '../../testing/services';

describeDb('getSession', (getDb) => {
  it('names the user, every membership with role and permissions, and the CSRF token', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const a = await makeWorkspace(db, new Date(), 'Alpha');
    const b = await makeWorkspace(db, new Date(), 'Beta');
    const user = await makeMember(db, a.id, 'owner');
    await db.query(
      `insert into memberships (workspace_id, user_id, role, created_at, updated_at) values ($1, $2, 'member', now(), now())`,
      [b.id, user.id],
    );
    const s = await signIn(t, user.email, TEST_PASSWORD);
    const res = await t.app.request('/api/v1/auth/session', { headers: { Cookie: s.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = (await res.json()) as {
      data: {
        user: { id: string; email: string };
        memberships: { workspace_id: string; workspace_name: string; role: string; permissions: string[] }[];
        csrf_token: string;
      };
    };
    expect(body.data.user).toMatchObject({ id: user.id, email: user.email });
    expect(body.data.csrf_token).toBe(s.csrf);
    const byName = Object.fromEntries(body.data.memberships.map((m) => [m.workspace_name, m]));
    expect(byName.Alpha).toMatchObject({ workspace_id: a.id, role: 'owner' });
    expect(byName.Alpha!.permissions).toContain('settings.manage');
    expect(byName.Beta).toMatchObject({ workspace_id: b.id, role: 'member' });
    expect(byName.Beta!.permissions).not.toContain('settings.manage');
  });

  it('answers 401 in the house envelope without a live session, after logout too', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    for (const cookie of [undefined, 'session=not-a-token']) {
      const res = await t.app.request('/api/v1/auth/session', cookie ? { headers: { Cookie: cookie } } : {});
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    }
    const s = await signIn(t, user.email, TEST_PASSWORD);
    const out = await t.app.request('/api/v1/auth/logout', { method: 'POST', headers: s.headers });
    expect(out.status).toBe(204);
    const after = await t.app.request('/api/v1/auth/session', { headers: { Cookie: s.cookie } });
    expect(after.status).toBe(401);
  });
});
