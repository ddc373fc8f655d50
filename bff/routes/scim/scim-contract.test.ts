import { expect, it } from 'vitest';
import { addMembership } from '../../../server-core/members/memberships';
import { seedWorkspace } from '../../../server-core/setup/seed-workspace';
import { describeDb } from '../../../server-core/testing/db';
import { signedInMember } from '../../testing/oauth';
import { oktaUser, SCIM, scimWorld } from '../../testing/scim';
import { json, makeTestApp } from '../../testing/services';

const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

interface Token {
  id: string;
  created_at: string;
  created_by: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

describeDb('SCIM tokens, discovery and userName changes', (getDb) => {
  it('listScimTokens shows metadata only; revokeScimToken ends the token at once, idempotently, audited', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { w, owner, token, call } = await scimWorld(t, db);
    const base = `/api/v1/workspaces/${w.workspaceId}/scim-tokens`;
    expect((await call('GET', '/Users')).status).toBe(200);
    t.clock.advance(60_000);

    const listed = await t.app.request(base, { headers: owner.headers });
    expect(listed.status).toBe(200);
    const text = await listed.text();
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(-43));
    const page = JSON.parse(text) as { meta: { next_cursor: string | null }; data: Token[] };
    expect(page.meta.next_cursor).toBeNull();
    expect(page.data).toHaveLength(1);
    const [row] = page.data;
    expect(Object.keys(row!).sort()).toEqual([
      'created_at',
      'created_by',
      'id',
      'last_used_at',
      'revoked_at',
    ]);
    expect(row!.last_used_at).not.toBeNull();
    expect(row!.revoked_at).toBeNull();

    const revoked = await t.app.request(`${base}/${row!.id}`, { method: 'DELETE', headers: owner.headers });
    expect(revoked.status).toBe(200);
    const first = ((await revoked.json()) as { data: Token }).data;
    expect(first.revoked_at).toBe(t.clock.now().toISOString());
    // The very next SCIM request with it: 401 in the SCIM shape.
    const refused = await call('GET', '/Users');
    expect(refused.status).toBe(401);
    expect(refused.type).toBe(SCIM);
    expect(refused.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    // Again: 200 with the original revoked_at; listed as revoked.
    t.clock.advance(60_000);
    const again = await t.app.request(`${base}/${row!.id.toUpperCase()}`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(((await again.json()) as { data: Token }).data.revoked_at).toBe(first.revoked_at);
    const after = (await (await t.app.request(base, { headers: owner.headers })).json()) as { data: Token[] };
    expect(after.data[0]!.revoked_at).toBe(first.revoked_at);
    const audit = await db.query<{ action: string }>(
      `select action from audit_log where workspace_id = $1 and target_id = $2 order by id`,
      [w.workspaceId, row!.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['scim_token.created', 'scim_token.revoked']);

    // A new token works; an unknown id is 404; a member without settings.manage is 403.
    const fresh = await t.app.request(base, { method: 'POST', headers: owner.headers });
    const freshToken = ((await fresh.json()) as { token: string }).token;
    const ok = await t.app.request(`/scim/v2/${w.workspaceId}/Users`, {
      headers: { Authorization: `Bearer ${freshToken}` },
    });
    expect(ok.status).toBe(200);
    const unknown = await t.app.request(`${base}/01m6bq1d2e3f4g5h6j7k8m9n0p`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(unknown.status).toBe(404);
    const member = await signedInMember(t, db, w.workspaceId, 'member');
    expect((await t.app.request(base, { headers: member.headers })).status).toBe(403);
    expect(
      (await t.app.request(`${base}/${row!.id}`, { method: 'DELETE', headers: member.headers })).status,
    ).toBe(403);
  });

  it("another workspace's token id is 404 on revoke, and its token keeps working", async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const a = await scimWorld(t, db);
    const b = await scimWorld(t, db);
    const theirs = (
      (await (
        await t.app.request(`/api/v1/workspaces/${b.w.workspaceId}/scim-tokens`, { headers: b.owner.headers })
      ).json()) as { data: Token[] }
    ).data[0]!;
    const res = await t.app.request(`/api/v1/workspaces/${a.w.workspaceId}/scim-tokens/${theirs.id}`, {
      method: 'DELETE',
      headers: a.owner.headers,
    });
    expect(res.status).toBe(404);
    expect((await b.call('GET', '/Users')).status).toBe(200);
  });

  it('Schemas and ResourceTypes describe what is built: every schema attribute is one a user or group answers', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { call } = await scimWorld(t, db);
    const user = (await call('POST', '/Users', oktaUser('schemas-ada@example.test'))).body;
    const group = (await call('POST', '/Groups', { displayName: 'Agents', members: [{ value: user.id }] }))
      .body;

    const schemas = await call('GET', '/Schemas?filter=ignored');
    expect(schemas.status).toBe(200);
    expect(schemas.type).toBe(SCIM);
    expect(schemas.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:ListResponse']);
    expect(schemas.body.totalResults).toBe(2);
    const byId = Object.fromEntries(
      schemas.body.Resources.map((r) => [
        r.id,
        r as unknown as {
          attributes: { name: string; mutability: string; subAttributes?: { name: string }[] }[];
        },
      ]),
    );
    const names = (id: string) => byId[id]!.attributes.map((a) => a.name).sort();
    // Every documented attribute is in the answers, and every answered attribute but id/meta/schemas documented.
    const common = ['id', 'meta', 'schemas'];
    expect(names('urn:ietf:params:scim:schemas:core:2.0:User')).toEqual(
      Object.keys(user)
        .filter((k) => !common.includes(k))
        .sort(),
    );
    expect(names('urn:ietf:params:scim:schemas:core:2.0:Group')).toEqual(
      Object.keys(group)
        .filter((k) => !common.includes(k))
        .sort(),
    );
    const roles = byId['urn:ietf:params:scim:schemas:core:2.0:User']!.attributes.find(
      (a) => a.name === 'roles',
    );
    expect(roles?.mutability).toBe('readOnly');
    const name = byId['urn:ietf:params:scim:schemas:core:2.0:User']!.attributes.find(
      (a) => a.name === 'name',
    );
    expect(name?.subAttributes?.map((s) => s.name).sort()).toEqual(Object.keys(user.name as object).sort());

    const types = await call('GET', '/ResourceTypes');
    expect(types.status).toBe(200);
    expect(types.body.Resources.map((r) => [r.id, r.endpoint, r.schema])).toEqual([
      ['User', '/Users', 'urn:ietf:params:scim:schemas:core:2.0:User'],
      ['Group', '/Groups', 'urn:ietf:params:scim:schemas:core:2.0:Group'],
    ]);
    for (const r of types.body.Resources) {
      expect((await call('GET', String(r.endpoint))).status).toBe(200);
      expect(byId[String(r.schema)]).toBeDefined();
    }
    // Without a token: 401, as every /scim/v2 path.
    const location = String(types.body.Resources[0]?.meta.location);
    const bare = await t.app.request(new URL(location).pathname.replace(/\/User$/, ''));
    expect(bare.status).toBe(401);
  });

  it('a new userName moves the e-mail when only this workspace knows the person; taken or shared addresses are 409', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { w, call } = await scimWorld(t, db);
    const emailOf = async (id: string) =>
      (await db.query<{ email: string }>('select email from users where id = $1', [id]))[0]!.email;
    const userIdOf = async (scimId: string) =>
      (
        await db.query<{ user_id: string }>(
          'select user_id from scim_users where workspace_id = $1 and id = $2',
          [w.workspaceId, scimId],
        )
      )[0]!.user_id;

    // PUT: renamed, the account follows; the old address is free again.
    const ada = (await call('POST', '/Users', oktaUser('rn-ada@example.test'))).body;
    const adaUser = await userIdOf(ada.id);
    const put = await call('PUT', `/Users/${ada.id}`, oktaUser('rn-ada.king@example.test'));
    expect(put.status).toBe(200);
    expect(put.body.userName).toBe('rn-ada.king@example.test');
    expect(await emailOf(adaUser)).toBe('rn-ada.king@example.test');
    const found = await call(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "rn-ADA.KING@example.test"')}`,
    );
    expect(found.body.Resources.map((r) => r.id)).toEqual([ada.id]);
    // A change of case only: nothing to move.
    expect((await call('PUT', `/Users/${ada.id}`, oktaUser('rn-Ada.King@example.test'))).status).toBe(200);
    expect(await emailOf(adaUser)).toBe('rn-ada.king@example.test');

    // PATCH (Entra path): the same rule.
    const patched = await call('PATCH', `/Users/${ada.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'userName', value: 'rn-augusta@example.test' }],
    });
    expect(patched.status).toBe(200);
    expect(await emailOf(adaUser)).toBe('rn-augusta@example.test');

    // Another person's address (not a SCIM user here): 409 uniqueness, nothing written.
    const grace = (await call('POST', '/Users', oktaUser('rn-grace@example.test'))).body;
    const graceUser = await userIdOf(grace.id);
    await seedWorkspace(db, { now: t.clock.now(), name: 'Other', ownerEmail: 'rn-someone@example.test' });
    const taken = await call('PUT', `/Users/${grace.id}`, oktaUser('rn-someone@example.test'));
    expect(taken.status).toBe(409);
    expect(taken.body.scimType).toBe('uniqueness');
    expect((await call('GET', `/Users/${grace.id}`)).body.userName).toBe('rn-grace@example.test');
    expect(await emailOf(graceUser)).toBe('rn-grace@example.test');

    // Grace belongs to another workspace too: this workspace's IdP may not rename her (PUT or PATCH).
    const other = await seedWorkspace(db, { now: t.clock.now(), name: 'Elsewhere' });
    await addMembership(db, {
      workspaceId: other.workspaceId,
      userId: graceUser,
      role: 'member',
      now: t.clock.now(),
    });
    const shared = await call('PUT', `/Users/${grace.id}`, oktaUser('rn-g.hopper@example.test'));
    expect(shared.status).toBe(409);
    expect(shared.type).toBe(SCIM);
    expect(shared.body.scimType).toBe('mutability');
    const sharedPatch = await call('PATCH', `/Users/${grace.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { userName: 'rn-g.hopper@example.test', displayName: 'G' } }],
    });
    expect(sharedPatch.status).toBe(409);
    const kept = (await call('GET', `/Users/${grace.id}`)).body;
    expect(kept).toMatchObject({ userName: 'rn-grace@example.test', displayName: 'Ada Lovelace' });
    expect(await emailOf(graceUser)).toBe('rn-grace@example.test');
    // Her other attributes still change when the userName stays.
    const renamedDisplay = await call('PUT', `/Users/${grace.id}`, {
      ...oktaUser('rn-grace@example.test'),
      displayName: 'Grace Hopper',
    });
    expect(renamedDisplay.body.displayName).toBe('Grace Hopper');

    const audit = await db.query<{ data: { email_changed?: boolean } }>(
      `select data from audit_log where workspace_id = $1 and action = 'scim_user.updated' and target_id = $2 order by id`,
      [w.workspaceId, ada.id],
    );
    expect(audit.map((a) => a.data.email_changed ?? false)).toEqual([true, false, true]);
  });

  it('two users renamed to one address at once: one 200, one 409, never a 500', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { call } = await scimWorld(t, db);
    const one = (await call('POST', '/Users', oktaUser('race-one@example.test'))).body;
    const two = (await call('POST', '/Users', oktaUser('race-two@example.test'))).body;
    const both = await Promise.all([
      call('PUT', `/Users/${one.id}`, oktaUser('race-same@example.test')),
      call('PATCH', `/Users/${two.id}`, {
        schemas: [PATCH_OP],
        Operations: [{ op: 'replace', path: 'userName', value: 'RACE-SAME@example.test' }],
      }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await db.query('select id from users where email_normalized = $1', [
      'race-same@example.test',
    ]);
    expect(holders).toHaveLength(1);
  });

  it('putScimGroupRoles and getScimGroupRoles: strict body, owner refused, the mapping answered', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const { w, owner } = await scimWorld(t, db);
    const path = `/api/v1/workspaces/${w.workspaceId}/scim-group-roles`;
    const put = (body: unknown) => t.app.request(path, { method: 'PUT', ...json(body, owner.headers) });
    const ok = await put({ display_name: 'Support Admins', role: 'admin' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: [{ display_name: 'support admins', role: 'admin' }] });
    expect((await put({ display_name: 'X', role: 'owner' })).status).toBe(422);
    const unknown = await put({ display_name: 'X', role: 'admin', displayName: 'X' });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('parameter_unknown');
    expect((await put({ display_name: 'Support Admins', role: null })).status).toBe(200);
    const read = await t.app.request(path, { headers: owner.headers });
    expect(await read.json()).toEqual({ data: [] });
  });
});
