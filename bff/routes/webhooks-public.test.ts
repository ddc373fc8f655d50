import { expect, it } from 'vitest';
import type { Ability } from '../../server-core/apikeys/abilities';
import { createApiKey } from '../../server-core/apikeys/create-api-key';
import { SYSTEM_ACTOR } from '../../server-core/context';
import { setFlag } from '../../server-core/flags/flags';
import { newId } from '../../server-core/lib/ulid';
import { emitEvent } from '../../server-core/outbox/emit-event';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { listEventTypes } from '../../server-core/webhooks/catalog';
import { dispatchEvents } from '../../server-core/webhooks/dispatch-events';
import { SIGNING_SECRET_PATTERN, signingSecretContext } from '../../server-core/webhooks/signing';
import { json, makeTestApp } from '../testing/services';

interface EndpointJson {
  id: string;
  url: string;
  events: string[];
  secret?: string;
  status: string;
  payload_version: string;
}

describeDb('public webhook operations', (getDb) => {
  const setup = async (abilities: Ability[] = ['webhooks:read', 'webhooks:write']) => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const ctx = { db, clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
    const key = async (a: Ability[]) =>
      `Bearer ${(await createApiKey(ctx, { name: 'k', abilities: a })).plaintext}`;
    const auth = await key(abilities);
    const create = (body: unknown, headers: Record<string, string> = {}) =>
      t.app.request('/api/v1/webhooks', {
        method: 'POST',
        ...json(body, { Authorization: auth, ...headers }),
      });
    const get = (path: string, authorization = auth) =>
      t.app.request(path, { headers: { Authorization: authorization } });
    return { db, t, ws, ctx, key, auth, create, get };
  };
  const hook = { url: 'https://hooks.example.com/support', events: ['contact.created'] };

  it('creates an endpoint whose secret is shown once and stored sealed', async () => {
    const { db, t, ws, create, get } = await setup();
    const res = await create({ ...hook, description: 'CRM', events: ['ticket.opened', 'contact.created'] });
    expect(res.status).toBe(201);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { data } = (await res.json()) as { data: EndpointJson };
    expect(data).toMatchObject({
      url: hook.url,
      description: 'CRM',
      events: ['contact.created', 'ticket.opened'],
      status: 'enabled',
      payload_version: '2026-10-09',
      consecutive_failures: 0,
      disabled_at: null,
      disabled_reason: null,
      last_success_at: null,
    });
    expect(data.secret).toMatch(SIGNING_SECRET_PATTERN);

    const [row] = await db.query<{ secret_sealed: string }>(
      'select * from webhook_endpoints where workspace_id = $1 and id = $2',
      [ws.id, data.id],
    );
    expect(JSON.stringify(row)).not.toContain(data.secret!.slice(6));
    expect(t.services.box.open(row!.secret_sealed, signingSecretContext(ws.id, data.id))).toBe(data.secret);
    expect(() => t.services.box.open(row!.secret_sealed, signingSecretContext(ws.id, newId()))).toThrow();
    const audit = await db.query('select * from audit_log where workspace_id = $1', [ws.id]);
    expect(JSON.stringify(audit)).not.toContain(data.secret!.slice(6));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'webhook_endpoint.created',
        target_id: data.id,
        actor_type: 'api_key',
      }),
    ]);

    const list = (await (await get('/api/v1/webhooks')).json()) as { data: EndpointJson[] };
    expect(list.data.map((e) => e.id)).toEqual([data.id]);
    expect(list.data[0]).not.toHaveProperty('secret');
  });

  it('an idempotent retry replays the same endpoint and secret without a second row', async () => {
    const { db, ws, create } = await setup();
    const a = await create(hook, { 'Idempotency-Key': 'hook-1' });
    const b = await create(hook, { 'Idempotency-Key': 'hook-1' });
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    const rows = await db.query('select id from webhook_endpoints where workspace_id = $1', [ws.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses bad URLs, unknown events and out-of-range fields with 422', async () => {
    const { create } = await setup();
    const cases: [unknown, string][] = [
      [{ ...hook, url: 'http://127.0.0.1/hook' }, 'webhook_url_not_allowed'],
      [{ ...hook, url: 'http://169.254.169.254/latest' }, 'webhook_url_not_allowed'],
      [{ ...hook, url: 'https://metadata.google.internal/' }, 'webhook_url_not_allowed'],
      [{ ...hook, url: 'ftp://hooks.example.com/' }, 'webhook_url_not_allowed'],
      [{ ...hook, url: 'http://0x7f000001/' }, 'webhook_url_not_allowed'],
      [{ ...hook, events: ['contact.created', 'contact.deleted'] }, 'unknown_event_type'],
      [{ ...hook, events: [] }, 'validation_failed'],
      [{ ...hook, events: Array(51).fill('contact.created') }, 'validation_failed'],
      [{ ...hook, description: 'x'.repeat(201) }, 'validation_failed'],
      [{ ...hook, url: `https://hooks.example.com/${'a'.repeat(2030)}` }, 'validation_failed'],
      [{ events: ['contact.created'] }, 'validation_failed'],
    ];
    for (const [body, code] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      const err = ((await res.json()) as { error: { code: string; details: Record<string, unknown> } }).error;
      expect(err.code).toBe(code);
      if (code === 'unknown_event_type') expect(err.details.unknown).toEqual(['contact.deleted']);
      if (code === 'webhook_url_not_allowed') expect(err.details.reason).toEqual(expect.any(String));
    }
  });

  it('lists the event catalog and pages endpoints newest first', async () => {
    const { create, get } = await setup();
    const types = (await (await get('/api/v1/webhook-event-types')).json()) as { data: unknown[] };
    expect(types.data).toEqual(listEventTypes());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(((await (await create(hook)).json()) as { data: EndpointJson }).data.id);
    const p1 = (await (await get('/api/v1/webhooks?limit=2')).json()) as {
      meta: { next_cursor: string };
      data: EndpointJson[];
    };
    expect(p1.data.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const p2 = (await (await get(`/api/v1/webhooks?limit=2&cursor=${p1.meta.next_cursor}`)).json()) as {
      meta: { next_cursor: string | null };
      data: EndpointJson[];
    };
    expect(p2.data.map((e) => e.id)).toEqual([ids[0]]);
    expect(p2.meta.next_cursor).toBeNull();
  });

  it('needs webhooks:read to list and webhooks:write to create or delete', async () => {
    const { key, create, get, t } = await setup(['webhooks:read']);
    expect((await get('/api/v1/webhooks')).status).toBe(200);
    const denied = await create(hook);
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { code: string } }).error.code).toBe('missing_ability');
    const writer = await key(['webhooks:write']);
    expect((await get('/api/v1/webhook-event-types', writer)).status).toBe(403);
    expect((await get('/api/v1/webhooks', writer)).status).toBe(403);
    const del = await t.app.request(`/api/v1/webhooks/${newId()}`, {
      method: 'DELETE',
      headers: { Authorization: await key(['webhooks:read']) },
    });
    expect(del.status).toBe(403);
    expect((await get('/api/v1/webhooks', 'Bearer nope')).status).toBe(401);
  });

  it('answers 404 while feature.api.webhooks is off', async () => {
    const { db, t, ws, create, get } = await setup();
    await setFlag(db, ws.id, 'feature.api.webhooks', false, t.clock.now());
    expect((await get('/api/v1/webhooks')).status).toBe(404);
    expect((await get('/api/v1/webhook-event-types')).status).toBe(404);
    expect((await create(hook)).status).toBe(404);
  });

  it('deletes an endpoint with its subscriptions, deliveries and attempts; another workspace gets 404', async () => {
    const { db, t, ws, ctx, auth, create } = await setup();
    const { data } = (await (await create(hook)).json()) as { data: EndpointJson };
    await db.tx((tx) => emitEvent({ ...ctx, db: tx }, 'contact.created', { contact_id: newId() }));
    await dispatchEvents(db, t.clock.now());
    const [delivery] = await db.query<{ id: string }>(
      'select id from webhook_deliveries where workspace_id = $1 and endpoint_id = $2',
      [ws.id, data.id],
    );
    await db.query(
      `insert into webhook_attempts (workspace_id, delivery_id, number, attempted_at, duration_ms, status_code, succeeded)
       values ($1, $2, 1, $3, 5, 500, false)`,
      [ws.id, delivery!.id, t.clock.now()],
    );

    const other = await setup();
    const foreign = await t.app.request(`/api/v1/webhooks/${data.id}`, {
      method: 'DELETE',
      headers: { Authorization: other.auth },
    });
    expect(foreign.status).toBe(404);

    const del = (id: string) =>
      t.app.request(`/api/v1/webhooks/${id}`, { method: 'DELETE', headers: { Authorization: auth } });
    expect((await del(data.id.toUpperCase())).status).toBe(204);
    expect((await del(data.id)).status).toBe(404);
    expect((await del('not-a-ulid')).status).toBe(404);
    for (const table of [
      'webhook_endpoints',
      'webhook_subscriptions',
      'webhook_deliveries',
      'webhook_attempts',
    ]) {
      expect(await db.query(`select 1 from ${table} where workspace_id = $1`, [ws.id]), table).toHaveLength(
        0,
      );
    }
  });
});
