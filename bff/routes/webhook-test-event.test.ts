import { expect, it } from 'vitest';
import { createApiKey } from '../../server-core/apikeys/create-api-key';
import { SYSTEM_ACTOR } from '../../server-core/context';
import { setFlag } from '../../server-core/flags/flags';
import { newId } from '../../server-core/lib/ulid';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { ATTEMPT_JOB_KIND } from '../../server-core/webhooks/attempt-job';
import { json, makeTestApp, signIn } from '../testing/services';

interface DeliveryJson {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  idempotency_key: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  redelivery_of: string | null;
  attempts: unknown[];
}
type Answer = { data: DeliveryJson; error?: { code: string; details: Record<string, unknown> } };

describeDb('webhook test event (public and portal)', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db, t.clock.now());
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}`;
    const ctx = { db, clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
    const key = async (...abilities: ('webhooks:read' | 'webhooks:write')[]) =>
      `Bearer ${(await createApiKey(ctx, { name: 'k', abilities })).plaintext}`;
    const writer = await key('webhooks:write');
    const register = async (events = ['ticket.opened']) => {
      const res = await t.app.request(`${base}/webhook-endpoints`, {
        method: 'POST',
        ...json({ url: 'https://hooks.example.com/in', events }, s.headers),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data.id;
    };
    const portalTest = (endpointId: string, headers: Record<string, string> = s.headers) =>
      t.app.request(`${base}/webhook-endpoints/${endpointId}/test`, { method: 'POST', headers });
    const publicTest = (webhookId: string, authorization = writer, headers: Record<string, string> = {}) =>
      t.app.request(`/api/v1/webhooks/${webhookId}/test`, {
        method: 'POST',
        headers: { Authorization: authorization, ...headers },
      });
    const deliveries = (endpointId: string) =>
      db.query<{ id: string; event_type: string; body: string }>(
        'select id, event_type, body from webhook_deliveries where workspace_id = $1 and endpoint_id = $2 order by id',
        [ws.id, endpointId],
      );
    return { db, t, ws, s, base, key, writer, register, portalTest, publicTest, deliveries };
  };

  it('answers 202 with the queued delivery on both surfaces; its attempt is due now; audited', async () => {
    const { db, t, ws, register, portalTest, publicTest, deliveries } = await setup();
    const id = await register();
    for (const res of [await portalTest(id), await publicTest(id.toUpperCase())]) {
      expect(res.status).toBe(202);
      const { data } = (await res.json()) as Answer;
      expect(data).toMatchObject({
        endpoint_id: id,
        event_type: 'webhook.ping',
        status: 'pending',
        attempt_count: 0,
        next_attempt_at: t.clock.now().toISOString(),
        redelivery_of: null,
        attempts: [],
      });
      expect(data.idempotency_key).toBe(data.id);
      expect(data.event_id).toMatch(/^[0-9a-z]{26}$/);
      expect(data.event_id).not.toBe(data.id);
    }
    const rows = await deliveries(id);
    expect(rows.map((r) => r.event_type)).toEqual(['webhook.ping', 'webhook.ping']);
    expect(JSON.parse(rows[1]!.body).data).toMatchObject({ endpoint_id: id, sent_by: 'api_key' });
    const jobs = await db.query<{ payload: { delivery_id: string; number: number }; run_at: Date }>(
      'select payload, run_at from jobs where workspace_id = $1 and kind = $2 order by id',
      [ws.id, ATTEMPT_JOB_KIND],
    );
    expect(jobs.map((j) => [j.payload.delivery_id, j.payload.number])).toEqual(rows.map((r) => [r.id, 1]));
    expect(jobs.every((j) => j.run_at.getTime() === t.clock.now().getTime())).toBe(true);
    // Nothing went to the outbox: no other endpoint can be handed the test event.
    expect(await db.query('select 1 from outbox where workspace_id = $1', [ws.id])).toEqual([]);
    const audit = await db.query<{ actor_type: string; target_id: string; data: { delivery_id: string } }>(
      `select actor_type, target_id, data from audit_log where workspace_id = $1
       and action = 'webhook_endpoint.test_event_sent' order by id`,
      [ws.id],
    );
    expect(audit.map((a) => [a.actor_type, a.target_id, a.data.delivery_id])).toEqual([
      ['user', id, rows[0]!.id],
      ['api_key', id, rows[1]!.id],
    ]);
  });

  it('webhook.ping cannot be subscribed to and is not in the event-type list', async () => {
    const { t, base, s, key, register } = await setup();
    const res = await t.app.request(`${base}/webhook-endpoints`, {
      method: 'POST',
      ...json({ url: 'https://hooks.example.com/in', events: ['webhook.ping'] }, s.headers),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Answer).error).toMatchObject({
      code: 'unknown_event_type',
      details: { unknown: ['webhook.ping'] },
    });
    const types = await t.app.request('/api/v1/webhook-event-types', {
      headers: { Authorization: await key('webhooks:read') },
    });
    expect(await types.text()).not.toContain('webhook.ping');
    expect(await register(['contact.created'])).toMatch(/^[0-9a-z]{26}$/);
  });

  it('an Idempotency-Key replays the first answer without a second delivery', async () => {
    const { register, portalTest, publicTest, deliveries, s } = await setup();
    const id = await register();
    const a = await publicTest(id, undefined, { 'Idempotency-Key': 'ping-1' });
    const b = await publicTest(id, undefined, { 'Idempotency-Key': 'ping-1' });
    expect(b.status).toBe(202);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await b.json()).toEqual(await a.json());
    const c = await portalTest(id, { ...s.headers, 'Idempotency-Key': 'ping-2' });
    const d = await portalTest(id, { ...s.headers, 'Idempotency-Key': 'ping-2' });
    expect(d.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await d.json()).toEqual(await c.json());
    expect(await deliveries(id)).toHaveLength(2);
  });

  it("404 for another workspace's endpoint or none, 409 while disabled, and the guards of each surface", async () => {
    const { db, t, ws, s, base, key, register, portalTest, publicTest, deliveries } = await setup();
    const id = await register();
    const other = await setup();
    const code = async (res: Response) => ((await res.json()) as Answer).error?.code;

    for (const res of [
      await other.publicTest(id),
      await other.portalTest(id),
      await publicTest(newId()),
      await portalTest(newId()),
      await publicTest('not-a-ulid'),
    ]) {
      expect(res.status).toBe(404);
      expect(await code(res)).toBe('not_found');
    }
    // The other workspace's session is refused here (its CSRF token and membership are its own).
    const crossed = await t.app.request(`${base}/webhook-endpoints/${id}/test`, {
      method: 'POST',
      headers: other.s.headers,
    });
    expect(crossed.status).toBe(403);

    const off = await t.app.request(`${base}/webhook-endpoints/${id}`, {
      method: 'PATCH',
      ...json({ status: 'disabled' }, s.headers),
    });
    expect(off.status).toBe(200);
    for (const res of [await portalTest(id), await publicTest(id)]) {
      expect(res.status).toBe(409);
      expect(((await res.json()) as Answer).error).toMatchObject({
        code: 'endpoint_disabled',
        details: { endpoint_id: id },
      });
    }
    expect(await deliveries(id)).toEqual([]);

    // Public: webhooks:write; portal: webhooks.manage and the CSRF token.
    const readOnly = await publicTest(id, await key('webhooks:read'));
    expect(readOnly.status).toBe(403);
    expect(await code(readOnly)).toBe('missing_ability');
    const member = await makeMember(db, ws.id, 'member');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    const denied = await portalTest(id, m.headers);
    expect(denied.status).toBe(403);
    expect(await code(denied)).toBe('permission_denied');
    expect((await portalTest(id, { Cookie: s.cookie })).status).toBe(403);

    await setFlag(db, ws.id, 'feature.api.webhooks', false, t.clock.now());
    await expect.poll(async () => (await publicTest(id)).status).toBe(404);
    expect((await portalTest(id)).status).toBe(404);
  });
});
