import { expect, it } from 'vitest';
import { newId } from '../../../server-core/lib/ulid';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { makeTestApp, signIn, type TestApp } from '../../testing/services';
import { requireMember } from '.';

function withProbe(t: TestApp): TestApp {
  const member = requireMember(t.services);
  const manager = requireMember(t.services, 'api_keys.manage');
  t.app.get('/probe/workspaces/:workspaceId/read', member, (c) => c.json({ member: c.get('member') }));
  t.app.post('/probe/workspaces/:workspaceId/keys', manager, (c) => c.json({ ok: true }, 201));
  return t;
}

const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describeDb('portal membership guard', (getDb) => {
  it('401 without a session, 404 for a malformed workspace id, 403 for another workspace', async () => {
    const db = getDb();
    const t = withProbe(makeTestApp(db));
    const mine = await makeWorkspace(db);
    const theirs = await makeWorkspace(db);
    const user = await makeMember(db, mine.id, 'owner');
    await makeMember(db, theirs.id, 'owner');

    const anon = await t.app.request(`/probe/workspaces/${mine.id}/read`);
    expect(anon.status).toBe(401);
    expect(await codeOf(anon)).toBe('unauthenticated');
    const forgedCookie = await t.app.request(`/probe/workspaces/${mine.id}/read`, {
      headers: { Cookie: 'session=forged' },
    });
    expect(forgedCookie.status).toBe(401);

    const s = await signIn(t, user.email, TEST_PASSWORD);
    const ok = await t.app.request(`/probe/workspaces/${mine.id.toUpperCase()}/read`, { headers: s.headers });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { member: { workspaceId: string; role: string } }).member).toMatchObject({
      workspaceId: mine.id,
      role: 'owner',
    });

    const other = await t.app.request(`/probe/workspaces/${theirs.id}/read`, { headers: s.headers });
    expect(other.status).toBe(403);
    expect(await codeOf(other)).toBe('not_a_member');
    const unknown = await t.app.request(`/probe/workspaces/${newId()}/read`, { headers: s.headers });
    expect(unknown.status).toBe(403);
    const malformed = await t.app.request('/probe/workspaces/not-a-ulid/read', { headers: s.headers });
    expect(malformed.status).toBe(404);
  });

  it('writes need the CSRF token; permissions follow the role', async () => {
    const db = getDb();
    const t = withProbe(makeTestApp(db));
    const ws = await makeWorkspace(db);
    const admin = await makeMember(db, ws.id, 'admin');
    const member = await makeMember(db, ws.id, 'member');

    const a = await signIn(t, admin.email, TEST_PASSWORD);
    const noCsrf = await t.app.request(`/probe/workspaces/${ws.id}/keys`, {
      method: 'POST',
      headers: { Cookie: a.cookie },
    });
    expect(noCsrf.status).toBe(403);
    expect(await codeOf(noCsrf)).toBe('csrf_token_invalid');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    const crossed = await t.app.request(`/probe/workspaces/${ws.id}/keys`, {
      method: 'POST',
      headers: { Cookie: a.cookie, 'X-CSRF-Token': m.csrf },
    });
    expect(crossed.status).toBe(403);
    expect(
      (await t.app.request(`/probe/workspaces/${ws.id}/keys`, { method: 'POST', headers: a.headers })).status,
    ).toBe(201);

    const denied = await t.app.request(`/probe/workspaces/${ws.id}/keys`, {
      method: 'POST',
      headers: m.headers,
    });
    expect(denied.status).toBe(403);
    expect(await codeOf(denied)).toBe('permission_denied');
    // Reads need no CSRF token.
    expect(
      (await t.app.request(`/probe/workspaces/${ws.id}/read`, { headers: { Cookie: m.cookie } })).status,
    ).toBe(200);
  });

  it('an expired session is signed out', async () => {
    const db = getDb();
    const t = withProbe(makeTestApp(db));
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'member');
    const s = await signIn(t, user.email, TEST_PASSWORD);
    t.clock.advance(12 * 60 * 60 * 1000);
    expect((await t.app.request(`/probe/workspaces/${ws.id}/read`, { headers: s.headers })).status).toBe(401);
  });
});
