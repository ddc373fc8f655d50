import { expect, it } from 'vitest';
import { setFlag } from '../../server-core/flags/flags';
import { newId } from '../../server-core/lib/ulid';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { listEventTypes } from '../../server-core/webhooks/catalog';
import { SIGNING_SECRET_PATTERN } from '../../server-core/webhooks/signing';
import { json, makeTestApp, signIn } from '../testing/services';

interface EndpointJson {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: string;
  secret?: string;
  payload_version: string;
  disabled_reason: string | null;
}

describeDb('portal webhook endpoint operations', (getDb) => {
  const setup = async (env: Record<string, string> = {}) => {
    const db = getDb();
    const t = makeTestApp(db, env);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}`;
    const register = (body: unknown, headers = s.headers) =>
      t.app.request(`${base}/webhook-endpoints`, { method: 'POST', ...json(body, headers) });
    const patch = (id: string, body: unknown) =>
      t.app.request(`${base}/webhook-endpoints/${id}`, { method: 'PATCH', ...json(body, s.headers) });
    return { db, t, ws, s, base, register, patch };
  };
  const hook = { url: 'https://hooks.example.com/a', description: 'CRM', events: ['contact.created'] };

  it('registers an endpoint (201, secret once), lists it without the secret, serves the catalog', async () => {
    const { t, s, base, register } = await setup();
    const res = await register(hook);
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const created = ((await res.json()) as { data: EndpointJson }).data;
    expect(created.secret).toMatch(SIGNING_SECRET_PATTERN);
    const list = (await (
      await t.app.request(`${base}/webhook-endpoints`, { headers: s.headers })
    ).json()) as {
      data: EndpointJson[];
    };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toEqual(Object.fromEntries(Object.entries(created).filter(([k]) => k !== 'secret')));
    const types = await t.app.request(`${base}/webhook-event-types`, { headers: s.headers });
    expect(((await types.json()) as { data: unknown }).data).toEqual(listEventTypes());
  });

  it('PATCH changes url, description and events under the same checks; the secret and version stay', async () => {
    const { db, ws, register, patch } = await setup();
    const created = ((await (await register(hook)).json()) as { data: EndpointJson }).data;
    const [before] = await db.query<{ secret_sealed: string }>(
      'select secret_sealed from webhook_endpoints where workspace_id = $1',
      [ws.id],
    );
    const res = await patch(created.id, {
      url: 'https://other.example.com/b',
      description: null,
      events: ['ticket.opened', 'conversation.resolved'],
    });
    expect(res.status).toBe(200);
    const updated = ((await res.json()) as { data: EndpointJson }).data;
    expect(updated).toMatchObject({
      id: created.id,
      url: 'https://other.example.com/b',
      description: null,
      events: ['conversation.resolved', 'ticket.opened'],
      payload_version: created.payload_version,
    });
    expect(updated).not.toHaveProperty('secret');
    const [after] = await db.query<{ secret_sealed: string }>(
      'select secret_sealed from webhook_endpoints where workspace_id = $1',
      [ws.id],
    );
    expect(after!.secret_sealed).toBe(before!.secret_sealed);
    expect(((await (await patch(created.id, {})).json()) as { data: EndpointJson }).data).toEqual(updated);

    for (const [body, code] of [
      [{ url: 'http://localhost:8080/' }, 'webhook_url_not_allowed'],
      [{ url: 'http://[::ffff:127.0.0.1]/' }, 'webhook_url_not_allowed'],
      [{ events: ['nope.never'] }, 'unknown_event_type'],
      [{ events: [] }, 'validation_failed'],
      [{ status: 'paused' }, 'validation_failed'],
      [{ description: 'x'.repeat(201) }, 'validation_failed'],
    ] as const) {
      const bad = await patch(created.id, body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const audit = await db.query<{ action: string; data: { changed?: string[] } }>(
      "select action, data from audit_log where workspace_id = $1 and action like 'webhook_endpoint.%' order by id",
      [ws.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['webhook_endpoint.created', 'webhook_endpoint.updated']);
    expect(audit[1]!.data.changed).toEqual(['url', 'description', 'events']);
  });

  it('PATCH status disables and re-enables', async () => {
    const { register, patch } = await setup();
    const { id } = ((await (await register(hook)).json()) as { data: EndpointJson }).data;
    const off = ((await (await patch(id, { status: 'disabled' })).json()) as { data: EndpointJson }).data;
    expect(off).toMatchObject({ status: 'disabled', disabled_reason: 'Disabled by a workspace member.' });
    const on = ((await (await patch(id, { status: 'enabled' })).json()) as { data: EndpointJson }).data;
    expect(on).toMatchObject({ status: 'enabled', disabled_reason: null });
  });

  it('loopback registers only when UNSAFE_WEBHOOK_ALLOW_HOSTS names it', async () => {
    const strict = await setup();
    expect((await strict.register({ ...hook, url: 'http://127.0.0.1:9999/hook' })).status).toBe(422);
    const relaxed = await setup({ UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
    expect((await relaxed.register({ ...hook, url: 'http://127.0.0.1:9999/hook' })).status).toBe(201);
    expect((await relaxed.register({ ...hook, url: 'http://10.0.0.1/hook' })).status).toBe(422);
  });

  it('the loopback refusal tells a development server how to allow it, and a production one nothing', async () => {
    const message = async (publicUrl: string, url: string) => {
      const { register, patch } = await setup({ PUBLIC_URL: publicUrl });
      const res = await register({ ...hook, url });
      expect(res.status).toBe(422);
      const { id } = ((await (await register(hook)).json()) as { data: EndpointJson }).data;
      const update = await patch(id, { url });
      expect(update.status).toBe(422);
      const [a, b] = [await res.json(), await update.json()] as { error: { message: string } }[];
      expect(b!.error.message).toBe(a!.error.message);
      return a!.error.message;
    };
    const dev = await message('http://localhost:8787', 'http://127.0.0.1:9999/hook');
    expect(dev).toMatch(/^The address is not a public unicast address\. For local development/);
    expect(dev).toContain('UNSAFE_WEBHOOK_ALLOW_HOSTS=127.0.0.1');
    expect(await message('http://127.0.0.1:8787', 'http://localhost:9999/hook')).toContain(
      'UNSAFE_WEBHOOK_ALLOW_HOSTS=localhost',
    );
    expect(await message('https://support.example.com', 'http://127.0.0.1:9999/hook')).toBe(
      'The address is not a public unicast address.',
    );
    expect(await message('https://support.example.com', 'http://localhost:9999/hook')).toBe(
      'The host must be a fully qualified public name.',
    );
  });

  it('needs webhooks.manage, hides other workspaces, and is dark while the flag is off', async () => {
    const { db, t, ws, base, register, patch } = await setup();
    const { id } = ((await (await register(hook)).json()) as { data: EndpointJson }).data;

    const member = await makeMember(db, ws.id, 'member');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    const denied = await register(hook, m.headers);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { code: string } }).error.code).toBe('permission_denied');

    const other = await setup();
    const stranger = await t.app.request(`${base}/webhook-endpoints`, { headers: other.s.headers });
    expect(stranger.status).toBe(403);
    // Another workspace's endpoint id on my own path is just unknown.
    const otherEndpoint = ((await (await other.register(hook)).json()) as { data: EndpointJson }).data;
    expect((await patch(otherEndpoint.id, { status: 'disabled' })).status).toBe(404);
    expect((await patch(newId(), { status: 'enabled' })).status).toBe(404);
    expect((await patch('nope', { status: 'enabled' })).status).toBe(404);
    const s = await signIn(t, (await makeMember(db, ws.id, 'admin')).email, TEST_PASSWORD);
    for (const path of [
      `${base}/webhook-endpoints/${otherEndpoint.id}/deliveries`,
      `${base}/webhook-endpoints/${newId()}/deliveries`,
    ]) {
      expect((await t.app.request(path, { headers: s.headers })).status).toBe(404);
    }
    expect(
      (await t.app.request(`${base}/webhook-endpoints/${id}/deliveries?status=lost`, { headers: s.headers }))
        .status,
    ).toBe(422);

    await setFlag(db, other.ws.id, 'feature.api.webhooks', false, t.clock.now());
    // Every node drops its cached flags when the NOTIFY arrives (asynchronously on Postgres).
    await expect
      .poll(
        async () =>
          (
            await other.t.app.request(`/api/v1/workspaces/${other.ws.id}/webhook-event-types`, {
              headers: other.s.headers,
            })
          ).status,
        { timeout: 5000 },
      )
      .toBe(404);
  });
});
