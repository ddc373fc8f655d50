import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { apiWorkspace } from '../../testing/api';
import { signedInMember } from '../../testing/oauth';
import { oktaUser, SCIM, scimWorld } from '../../testing/scim';
import { makeTestApp } from '../../testing/services';

describeDb('SCIM 2.0 provisioning', (getDb) => {
  it('Okta sequence: config, create, get by id, filter by userName in another case, paging, duplicate 409, deactivate, reactivate', async () => {
    const t = makeTestApp(getDb());
    const { call } = await scimWorld(t, getDb());

    const config = await call('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.type).toBe(SCIM);
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      sort: { supported: false },
      etag: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });

    // Okta first asks whether the user exists.
    const none = await call(
      'GET',
      `/Users?filter=${encodeURIComponent('userName eq "ada@example.test"')}&startIndex=1&count=100`,
    );
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [], startIndex: 1, itemsPerPage: 0 });

    const created = await call('POST', '/Users', oktaUser('Ada@Example.test'));
    expect(created.status).toBe(201);
    expect(created.type).toBe(SCIM);
    expect(created.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'Ada@Example.test',
      externalId: '00u1abcd',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      active: true,
      roles: [{ value: 'member' }],
      meta: { resourceType: 'User' },
    });
    expect(created.body.meta.location).toMatch(new RegExp(`/Users/${created.body.id}$`));
    expect(created.body).not.toHaveProperty('password');

    const got = await call('GET', `/Users/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(created.body.id);

    const byName = await call('GET', `/Users?filter=${encodeURIComponent('userName eq "ADA@example.TEST"')}`);
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0]!.id).toBe(created.body.id);
    for (const f of [
      'externalId eq "00u1abcd"',
      `id eq "${created.body.id}"`,
      'emails.value eq "ada@example.test"',
      'USERNAME EQ "ada@example.test"',
    ]) {
      const r = await call('GET', `/Users?filter=${encodeURIComponent(f)}`);
      expect(r.body.totalResults, f).toBe(1);
    }

    const dup = await call('POST', '/Users', oktaUser('ada@example.test'));
    expect(dup.status).toBe(409);
    expect(dup.type).toBe(SCIM);
    expect(dup.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
    });

    for (let i = 0; i < 3; i++)
      expect((await call('POST', '/Users', oktaUser(`p${i}@example.test`))).status).toBe(201);
    const page = await call('GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: 4, startIndex: 2, itemsPerPage: 2 });
    expect((await call('GET', '/Users?count=0')).body).toMatchObject({
      totalResults: 4,
      itemsPerPage: 0,
      Resources: [],
    });
    expect((await call('GET', '/Users?count=500')).body.itemsPerPage).toBe(4);

    // Okta deactivates with a path-less replace.
    const off = await call('PATCH', `/Users/${created.body.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ active: false, roles: [] });

    // ... and reactivates the same way: the membership comes back through the same grant.
    const on = await call('PATCH', `/Users/${created.body.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(on.body).toMatchObject({ active: true, roles: [{ value: 'member' }] });

    // PUT replaces (Okta profile push); roles are a read-only echo.
    const put = await call('PUT', `/Users/${created.body.id}`, {
      ...oktaUser('ada@example.test'),
      name: { givenName: 'Augusta', familyName: 'King' },
      roles: [{ value: 'owner' }],
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      userName: 'ada@example.test',
      name: { givenName: 'Augusta' },
      roles: [{ value: 'member' }],
    });

    expect((await call('DELETE', `/Users/${created.body.id}`)).status).toBe(204);
    expect((await call('GET', `/Users/${created.body.id}`)).status).toBe(404);
  });

  it('Entra sequence: create, filter, PATCH with capitalised ops, boolean strings and email value paths', async () => {
    const t = makeTestApp(getDb());
    const { call } = await scimWorld(t, getDb());
    const created = await call('POST', '/Users', {
      schemas: [
        'urn:ietf:params:scim:schemas:core:2.0:User',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
      ],
      externalId: 'e7c1',
      userName: 'grace@example.test',
      active: 'True',
      displayName: 'Grace Hopper',
      emails: [{ primary: 'true', type: 'work', value: 'grace@example.test' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Grace Hopper', familyName: 'Hopper', givenName: 'Grace' },
      'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Navy' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const patched = await call('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [
        { op: 'Replace', path: 'displayName', value: 'Rear Admiral Hopper' },
        { op: 'Add', path: 'emails[type eq "work"].value', value: 'g.hopper@example.test' },
        { op: 'Replace', path: 'name.givenName', value: 'Amazing Grace' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:manager', value: 'x' },
        { op: 'Replace', path: 'roles', value: [{ value: 'owner' }] },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      displayName: 'Rear Admiral Hopper',
      emails: [{ value: 'g.hopper@example.test', type: 'work', primary: true }],
      name: { givenName: 'Amazing Grace', familyName: 'Hopper' },
      roles: [{ value: 'member' }],
    });
    const off = await call('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.body.active).toBe(false);
    expect(off.body.roles).toEqual([]);
  });

  it('groups map to roles: add and remove members in the Okta and Entra shapes, two groups, delete', async () => {
    const t = makeTestApp(getDb());
    const { w, owner, call } = await scimWorld(t, getDb());
    const map = async (display_name: string, role: string | null) =>
      t.app.request(`/api/v1/workspaces/${w.workspaceId}/scim-group-roles`, {
        method: 'PUT',
        headers: { ...owner.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ display_name, role }),
      });
    expect((await map('Support Admins', 'admin')).status).toBe(200);
    expect((await map('Agents', 'member')).status).toBe(200);
    expect((await map('Owners', 'owner')).status).toBe(422);

    const u = (await call('POST', '/Users', oktaUser('lin@example.test'))).body;
    const role = async () => (await call('GET', `/Users/${u.id}`)).body.roles;

    const unmapped = await call('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Everyone',
      members: [{ value: u.id }],
    });
    expect(unmapped.status).toBe(201);
    expect(unmapped.body.members).toEqual([{ value: u.id, display: 'lin@example.test' }]);
    expect(await role()).toEqual([{ value: 'member' }]);

    const admins = (
      await call('POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'support admins',
        members: [],
      })
    ).body;
    // Okta: add with a list of { value }.
    const added = await call('PATCH', `/Groups/${admins.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'add', path: 'members', value: [{ value: u.id, display: 'lin@example.test' }] }],
    });
    expect(added.status).toBe(200);
    expect(await role()).toEqual([{ value: 'admin' }]);

    // A second mapped group (lower role): the higher one holds.
    const agents = (await call('POST', '/Groups', { displayName: 'Agents', members: [{ value: u.id }] }))
      .body;
    expect(await role()).toEqual([{ value: 'admin' }]);

    // Okta: remove by members[value eq "..."]; the member keeps the Agents role.
    await call('PATCH', `/Groups/${admins.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'remove', path: `members[value eq "${u.id}"]` }],
    });
    expect(await role()).toEqual([{ value: 'member' }]);

    // Entra: Add / Remove with path members and a list.
    await call('PATCH', `/Groups/${admins.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: u.id }] }],
    });
    expect(await role()).toEqual([{ value: 'admin' }]);
    await call('PATCH', `/Groups/${admins.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: u.id }] }],
    });
    expect(await role()).toEqual([{ value: 'member' }]);

    // Entra: rename path-less; Okta: path-less replace { id, displayName }.
    const renamed = await call('PATCH', `/Groups/${admins.id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', value: { id: admins.id, displayName: 'Support Admins 2' } }],
    });
    expect(renamed.body.displayName).toBe('Support Admins 2');

    const list = await call(
      'GET',
      `/Groups?filter=${encodeURIComponent('displayName eq "agents"')}&excludedAttributes=members`,
    );
    expect(list.body.totalResults).toBe(1);
    expect(list.body.Resources[0]).not.toHaveProperty('members');

    // Deleting a group returns its members to the default role and removes nobody.
    await call('PATCH', `/Groups/${admins.id}`, {
      Operations: [{ op: 'add', path: 'members', value: [{ value: u.id }] }],
    });
    await map('Support Admins 2', 'admin');
    expect(await role()).toEqual([{ value: 'admin' }]);
    expect((await call('DELETE', `/Groups/${admins.id}`)).status).toBe(204);
    expect(await role()).toEqual([{ value: 'member' }]);
    expect((await call('DELETE', `/Groups/${agents.id}`)).status).toBe(204);
    const after = (await call('GET', `/Users/${u.id}`)).body;
    expect(after.active).toBe(true);
    expect(after.roles).toEqual([{ value: 'member' }]);

    // Group PATCH never creates a membership: a deprovisioned user added to a group stays out.
    await call('PATCH', `/Users/${u.id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] });
    const g = (await call('POST', '/Groups', { displayName: 'Support Admins 2', members: [{ value: u.id }] }))
      .body;
    expect(g.members).toHaveLength(1);
    expect((await call('GET', `/Users/${u.id}`)).body.roles).toEqual([]);
  });

  it('refuses bad and cross-workspace tokens, API keys, malformed JSON, filters and PATCH bodies with SCIM errors, never 500', async () => {
    const t = makeTestApp(getDb());
    const a = await scimWorld(t, getDb());
    const b = await scimWorld(t, getDb());
    const on = (ws: string, token: string, path = '/Users') =>
      t.app.request(`/scim/v2/${ws}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    for (const [ws, token] of [
      [b.w.workspaceId, a.token],
      [a.w.workspaceId, `${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}`],
      [a.w.workspaceId, a.w.apiKey],
      [a.w.workspaceId, ''],
      ['not-a-workspace', a.token],
    ] as const) {
      const res = await on(ws, token);
      expect(res.status).toBe(401);
      expect(res.headers.get('Content-Type')).toBe(SCIM);
      expect(await res.json()).toEqual({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
        detail: 'The SCIM bearer token is missing, malformed or unknown for this workspace.',
      });
    }
    // A user of workspace A is not found through B's token on B's path.
    const ua = (await a.call('POST', '/Users', oktaUser('x@example.test'))).body;
    expect((await b.call('GET', `/Users/${ua.id}`)).status).toBe(404);
    expect(
      (
        await b.call('PATCH', `/Users/${ua.id}`, {
          Operations: [{ op: 'replace', path: 'active', value: false }],
        })
      ).status,
    ).toBe(404);
    expect(
      (await b.call('GET', `/Users?filter=${encodeURIComponent('userName eq "x@example.test"')}`)).body
        .totalResults,
    ).toBe(0);

    const bad = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
      const r = await a.call(method, path, body, headers);
      expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(r.type).toBe(SCIM);
      expect(r.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
      expect(r.body.status).toBe('400');
      return r.body.scimType;
    };
    expect(await bad('POST', '/Users', '{"userName": "x@')).toBe('invalidSyntax');
    expect(await bad('POST', '/Users', '[1,2]')).toBe('invalidValue');
    expect(await bad('POST', '/Users', { userName: 42 })).toBe('invalidValue');
    expect(await bad('POST', '/Users', { userName: 'not-an-email' })).toBe('invalidValue');
    expect(await bad('POST', '/Users', { userName: 'y@example.test', active: 'maybe' })).toBe('invalidValue');
    for (const f of [
      'userName co "x"',
      'userName eq x',
      'userName eq "x" and active eq true',
      'title eq "x"',
      'userName eq "unterminated',
      'emails[type eq "work"] eq "x"',
      '',
      'userName eq "\\u00"',
    ]) {
      expect(await bad('GET', `/Users?filter=${encodeURIComponent(f)}`), f).toBe('invalidFilter');
    }
    expect(await bad('GET', `/Groups?filter=${encodeURIComponent('members eq "x"')}`)).toBe('invalidFilter');
    expect(await bad('GET', '/Users?startIndex=abc')).toBe('invalidValue');
    for (const body of [
      {},
      { Operations: [] },
      { Operations: [{ op: 'move', path: 'active' }] },
      { Operations: [{ op: 'replace', value: 'x' }] },
      { Operations: [{ op: 'replace', path: 'emails[type eq "work"', value: 'x' }] },
      { Operations: [{ op: 'remove' }] },
      { Operations: [{ op: 'replace', path: 'active', value: 'nope' }] },
      { Operations: 'nope' },
    ]) {
      expect(await bad('PATCH', `/Users/${ua.id}`, body)).toBe('invalidValue');
    }
    // Two identity-provider retries at once: one 201, one 409, never a 500.
    const twice = await Promise.all([
      a.call('POST', '/Users', oktaUser('race@example.test')),
      a.call('POST', '/Users', oktaUser('RACE@example.test')),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    // Created inactive: no membership, and the same person is not created twice.
    const inactive = await a.call('POST', '/Users', { ...oktaUser('idle@example.test'), active: false });
    expect(inactive.body).toMatchObject({ active: false, roles: [] });
    const media = await a.call('POST', '/Users', 'userName=x', { 'Content-Type': 'text/plain' });
    expect(media.status).toBe(415);
    expect(media.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    // application/json is accepted in.
    const plain = await a.call('POST', '/Users', JSON.stringify(oktaUser('json@example.test')), {
      'Content-Type': 'application/json',
    });
    expect(plain.status).toBe(201);
    expect((await a.call('GET', '/Users/not-an-id')).status).toBe(404);
    expect((await a.call('GET', '/Nope')).body.schemas).toEqual([
      'urn:ietf:params:scim:api:messages:2.0:Error',
    ]);
  });

  it('rate limits a SCIM token like a credential, answering 429 in the SCIM shape', async () => {
    const t = makeTestApp(getDb(), { RATE_LIMIT_PER_KEY: '2' });
    const { call } = await scimWorld(t, getDb());
    expect((await call('GET', '/Users')).status).toBe(200);
    expect((await call('GET', '/Users')).status).toBe(200);
    const third = await call('GET', '/Users');
    expect(third.status).toBe(429);
    expect(third.type).toBe(SCIM);
    expect(third.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '429',
    });
  });

  it('createScimToken needs settings.manage', async () => {
    const t = makeTestApp(getDb());
    const w = await apiWorkspace(t, getDb());
    const member = await signedInMember(t, getDb(), w.workspaceId, 'member');
    const res = await t.app.request(`/api/v1/workspaces/${w.workspaceId}/scim-tokens`, {
      method: 'POST',
      headers: member.headers,
    });
    expect(res.status).toBe(403);
  });
});
