import { expect, it } from 'vitest';
import { describeDb } from '../../../server-core/testing/db';
import { apiWorkspace } from '../../testing/api';
import { signedInMember } from '../../testing/oauth';
import { makeTestApp, signIn } from '../../testing/services';

describeDb('portal: OAuth apps', (getDb) => {
  it('registers an app (secret once, stored hashed, audited without it), lists it without the secret, refuses bad input and other roles', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await apiWorkspace(t, db);
    const owner = await signIn(t, ws.ownerEmail, ws.ownerPassword);
    const base = `/api/v1/workspaces/${ws.workspaceId}/oauth-apps`;
    const register = (body: unknown, headers = owner.headers) =>
      t.app.request(base, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const good = { name: 'CRM', redirect_uris: ['https://crm.example.com/cb'], scopes: ['contacts:read'] };

    const res = await register(good);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const created = (await res.json()) as { data: { id: string; client_id: string }; client_secret: string };
    expect(created.client_secret).toMatch(/^oas_[0-9a-z]{26}[A-Za-z0-9_-]{43}$/);
    expect(created.data.client_id).toBe(`oac_${ws.workspaceId}${created.data.id}`);
    const stored = await db.query<{ secret_hash: string }>(
      'select secret_hash from oauth_apps where workspace_id = $1',
      [ws.workspaceId],
    );
    expect(stored[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    const everything = JSON.stringify(
      await db.query('select * from oauth_apps, audit_log where audit_log.workspace_id = $1', [
        ws.workspaceId,
      ]),
    );
    expect(everything).not.toContain(created.client_secret);
    const list = await t.app.request(base, { headers: owner.headers });
    const listed = await list.text();
    expect(listed).toContain(created.data.client_id);
    expect(listed).not.toContain('oas_');

    for (const [body, field] of [
      [{ ...good, redirect_uris: ['http://crm.example.com/cb'] }, 'redirect_uris'],
      [{ ...good, redirect_uris: ['https://crm.example.com/cb#x'] }, 'redirect_uris'],
      [{ ...good, redirect_uris: [] }, 'redirect_uris'],
      [{ ...good, scopes: ['admin'] }, 'scopes'],
      [{ ...good, scopes: [] }, 'scopes'],
    ] as const) {
      const bad = await register(body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(await bad.text()).toContain(field);
    }

    const member = await signedInMember(t, db, ws.workspaceId, 'member');
    expect((await register(good, member.headers)).status).toBe(403);
    const stranger = await apiWorkspace(t, db);
    const strangerSession = await signIn(t, stranger.ownerEmail, stranger.ownerPassword);
    expect((await register(good, strangerSession.headers)).status).toBe(403);
    expect(
      (
        await t.app.request(`${base}/${created.data.id}`, {
          method: 'DELETE',
          headers: strangerSession.headers,
        })
      ).status,
    ).toBe(403);
    // Another workspace's app id in this workspace's path is not found.
    const strangerApp = await t.app.request(
      `/api/v1/workspaces/${stranger.workspaceId}/oauth-apps/${created.data.id}`,
      {
        method: 'DELETE',
        headers: strangerSession.headers,
      },
    );
    expect(strangerApp.status).toBe(404);
    expect(
      (await t.app.request(`${base}/${created.data.id}`, { method: 'DELETE', headers: owner.headers }))
        .status,
    ).toBe(204);
    expect(
      (await t.app.request(`${base}/${created.data.id}`, { method: 'DELETE', headers: owner.headers }))
        .status,
    ).toBe(404);
  });
});
