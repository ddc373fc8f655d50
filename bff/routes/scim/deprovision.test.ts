import { expect, it } from 'vitest';
import { newId } from '../../../server-core/lib/ulid';
import { addMembership } from '../../../server-core/members/memberships';
import { createUser } from '../../../server-core/members/users';
import { describeDb } from '../../../server-core/testing/db';
import { TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { authorizeAndExchange, oauthWorld } from '../../testing/oauth';
import { signIn } from '../../testing/services';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** The deprovision cascade of spec 4.6, checked in the database and through the portal and the API. */
describeDb('SCIM deprovision cascade', (getDb) => {
  async function world(alsoMemberOfDev: boolean) {
    const db = getDb();
    const w = await oauthWorld(db);
    const ws = w.customer.workspaceId;
    const issued = await w.t.app.request(`/api/v1/workspaces/${ws}/scim-tokens`, {
      method: 'POST',
      headers: w.owner.headers,
    });
    const token = ((await issued.json()) as { token: string }).token;
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await w.t.app.request(`/scim/v2/${ws}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body ? { 'Content-Type': 'application/scim+json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await r.text();
      return {
        status: r.status,
        body: text ? (JSON.parse(text) as Record<string, unknown> & { id: string }) : null,
      };
    };
    // Dana has an account already (resolved by e-mail, not created twice); SCIM grants her the membership.
    const email = `dana-${newId()}@example.test`;
    const dana = await createUser(db, { email, name: 'Dana', password: TEST_PASSWORD, now: w.t.clock.now() });
    if (alsoMemberOfDev)
      await addMembership(db, {
        workspaceId: w.dev.workspaceId,
        userId: dana.id,
        role: 'member',
        now: w.t.clock.now(),
      });
    const scimUser = (await call('POST', '/Users', { userName: email.toUpperCase(), active: true })).body!;
    await w.t.app.request(`/api/v1/workspaces/${ws}/scim-group-roles`, {
      method: 'PUT',
      headers: { ...w.owner.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ display_name: 'Admins', role: 'admin' }),
    });
    expect(
      (await call('POST', '/Groups', { displayName: 'Admins', members: [{ value: scimUser.id }] })).status,
    ).toBe(201);
    const session = await signIn(w.t, email, TEST_PASSWORD);
    const tokens = await authorizeAndExchange(w, session, { workspace_id: ws });
    const now = w.t.clock.now();
    await db.query(
      `insert into articles (workspace_id, id, title, slug, access_level, status, author_id, approved_by, created_at, updated_at)
       values ($1, '01jarticle0000000000000000', 'Refunds', 'refunds', 'public', 'published', $2, $2, $3, $3)`,
      [ws, dana.id, now],
    );
    const portal = () =>
      w.t.app.request(`/api/v1/workspaces/${ws}/api-keys`, { headers: { Cookie: session.cookie } });
    const withToken = () =>
      w.t.app.request('/api/v1/contacts', { headers: { Authorization: `Bearer ${tokens.access_token}` } });
    return { db, w, ws, call, dana, scimUser, session, portal, withToken };
  }

  it('deactivation (Entra PATCH): membership, session, OAuth install and tokens gone, content unowned, API keys alive', async () => {
    const { db, w, ws, call, dana, scimUser, portal, withToken } = await world(false);
    expect((await portal()).status).toBe(200);
    expect((await withToken()).status).toBe(200);

    const off = await call('PATCH', `/Users/${scimUser.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, roles: [] });

    // Through the portal and the API: the session is dead on its next request, the OAuth token too.
    expect((await portal()).status).toBe(401);
    expect((await withToken()).status).toBe(401);
    // Workspace API keys are not revoked.
    expect((await w.customer.call('/api/v1/contacts')).status).toBe(200);

    // In the database.
    expect(
      await db.query('select 1 from memberships where workspace_id = $1 and user_id = $2', [ws, dana.id]),
    ).toEqual([]);
    expect(await db.query('select 1 from sessions where user_id = $1', [dana.id])).toEqual([]);
    const installs = await db.query<{ revoked_at: Date | null }>(
      'select revoked_at from oauth_installs where workspace_id = $1 and granted_by = $2',
      [ws, dana.id],
    );
    expect(installs).toHaveLength(1);
    expect(installs[0]!.revoked_at).not.toBeNull();
    const live = await db.query('select 1 from oauth_tokens where workspace_id = $1 and revoked_at is null', [
      ws,
    ]);
    expect(live).toEqual([]);
    expect(
      await db.query('select author_id, approved_by from articles where workspace_id = $1', [ws]),
    ).toEqual([{ author_id: null, approved_by: dana.id }]);
    expect(
      await db.query(
        'select count(*)::int as n from api_keys where workspace_id = $1 and revoked_at is null',
        [ws],
      ),
    ).toEqual([{ n: 1 }]);
    const audit = await db.query<{ data: Record<string, unknown> }>(
      `select data from audit_log where workspace_id = $1 and action = 'member.deprovisioned'`,
      [ws],
    );
    expect(audit[0]!.data).toMatchObject({
      removed: true,
      oauth_installs_revoked: 1,
      articles_unowned: 1,
      last_membership: true,
    });
    // The user account stays (the person may belong elsewhere later); the SCIM user is kept, inactive.
    expect((await call('GET', `/Users/${scimUser.id}`)).body).toMatchObject({ active: false });
  });

  it('with another membership elsewhere: the session lives on but no longer reaches this workspace (DELETE)', async () => {
    const { db, w, call, dana, scimUser, session, portal } = await world(true);
    expect((await call('DELETE', `/Users/${scimUser.id}`)).status).toBe(204);
    expect((await portal()).status).toBe(403);
    expect(await db.query('select 1 from sessions where user_id = $1', [dana.id])).toHaveLength(1);
    const elsewhere = await w.t.app.request(`/api/v1/workspaces/${w.dev.workspaceId}/scim-group-roles`, {
      headers: { Cookie: session.cookie },
    });
    expect(elsewhere.status).toBe(403); // a plain member of the other workspace: signed in, not a manager
    expect((await call('GET', `/Users/${scimUser.id}`)).status).toBe(404);
  });

  it('the last owner cannot be deprovisioned, by PATCH, PUT or DELETE', async () => {
    const { db, w, ws, call } = await world(false);
    const owner = (await call('POST', '/Users', { userName: w.customer.ownerEmail })).body!;
    expect(owner.roles).toEqual([{ value: 'owner' }]);
    const attempts = [
      await call('PATCH', `/Users/${owner.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', value: { active: false } }],
      }),
      await call('PUT', `/Users/${owner.id}`, { userName: w.customer.ownerEmail, active: false }),
      await call('DELETE', `/Users/${owner.id}`),
    ];
    for (const a of attempts) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ status: '409', scimType: 'mutability' });
    }
    expect(
      await db.query(`select role from memberships where workspace_id = $1 and role = 'owner'`, [ws]),
    ).toHaveLength(1);
    expect((await call('GET', `/Users/${owner.id}`)).body).toMatchObject({ active: true });
    // A group never demotes an owner either.
    await call('POST', '/Groups', { displayName: 'Admins', members: [{ value: owner.id }] });
    expect((await call('GET', `/Users/${owner.id}`)).body!.roles).toEqual([{ value: 'owner' }]);
  });
});
