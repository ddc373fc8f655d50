import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { json, makeTestApp, signIn } from '../../bff/testing/services';
import { createApiKey } from '../../server-core/apikeys/create-api-key';
import { SYSTEM_ACTOR } from '../../server-core/context';
import type { Db } from '../../server-core/db/db';
import { claimDueJobs } from '../../server-core/jobs/claim-jobs';
import { HOUR, MINUTE, SECOND } from '../../server-core/lib/clock';
import { newId } from '../../server-core/lib/ulid';
import { emitEvent } from '../../server-core/outbox/emit-event';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { attemptDelivery } from '../../server-core/webhooks/attempt-delivery';
import { ATTEMPT_JOB_KIND } from '../../server-core/webhooks/attempt-job';
import type { EventType } from '../../server-core/webhooks/catalog';
import { dispatchEvents } from '../../server-core/webhooks/dispatch-events';
import { type ReceivedRequest, type Receiver, startReceiver } from '../testing/webhook-receiver';
import { testWorkerDeps } from '../testing/worker-deps';
import type { JobHandler, WorkerDeps } from './deps';
import { runWorkerOnce } from './loop';
import { runWebhookAttempt } from './steps';

/**
 * A receiver's own verification, written from the spec without the service's signing code:
 * HMAC-SHA256 keyed with the secret over "<t>.<raw body>", hex, compared in constant time, t within 300 s.
 */
function verifySignature(req: ReceivedRequest, secret: string, nowSeconds: number): number {
  const header = String(req.headers['service-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) throw new Error('malformed');
  if (Math.abs(nowSeconds - t) > 300) throw new Error('outside the replay window');
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${t}.`, 'utf8'), req.body]))
    .digest();
  if (!timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'))) throw new Error('bad signature');
  return t;
}

/** The verification snippet of docs/webhooks.md, loaded as a module, so the documented code is what we test. */
async function docsVerifier(): Promise<
  (raw: Buffer, header: unknown, secret: string, now: number) => Record<string, unknown>
> {
  const md = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(md)![1]!;
  const dir = mkdtempSync(join(tmpdir(), 'webhook-snippet-'));
  const file = join(dir, 'verify.mjs');
  writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as { verifyWebhook: never };
  rmSync(dir, { recursive: true, force: true });
  return mod.verifyWebhook;
}

interface Endpoint {
  id: string;
  secret: string;
}

interface DeliveryJson {
  id: string;
  status: string;
  idempotency_key: string;
  redelivery_of: string | null;
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: {
    number: number;
    attempted_at: string;
    duration_ms: number;
    status_code: number | null;
    succeeded: boolean;
    error_code: string | null;
    error: string | null;
  }[];
}

describeDb('webhook delivery pipeline', (getDb) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  const setup = async (opts: { workerAllowHosts?: string[]; timeoutMs?: number } = {}) => {
    const db: Db = getDb();
    const t = makeTestApp(db, { UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, '2026-11-01T00:00:00.000Z');
    const ws = await makeWorkspace(db, t.clock.now());
    onTestFinished(async () => {
      await db.query('delete from workspaces where id = $1', [ws.id]);
    });
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const base = `/api/v1/workspaces/${ws.id}`;
    const deps: WorkerDeps = testWorkerDeps(db, t.clock, {
      box: t.services.box,
      transport: { allowHosts: opts.workerAllowHosts ?? ['127.0.0.1'], timeoutMs: opts.timeoutMs },
    });
    // Each test has its own path on the shared receiver.
    const path = `/hook/${newId()}`;
    const received = () => receiver.requests.filter((r) => r.path === path);
    receiver.reply(() => ({ status: 200 }));

    const register = async (events: EventType[] = ['contact.created'], p = path): Promise<Endpoint> => {
      const res = await t.app.request(`${base}/webhook-endpoints`, {
        method: 'POST',
        ...json({ url: `${receiver.url}${p}`, events }, s.headers),
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { data: Endpoint };
      return { id: body.data.id, secret: body.data.secret };
    };
    const emit = (type: EventType = 'contact.created', data: Record<string, string | boolean | null> = {}) =>
      db.tx((tx) =>
        emitEvent({ db: tx, clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR }, type, {
          contact_id: newId(),
          external_id: 'crm-1',
          verified: true,
          created_at: t.clock.now().toISOString(),
          ...data,
        }),
      );
    /** Runs worker rounds until nothing is due (other tests' leftovers cannot hide ours). */
    const drain = async (workerId = 'w1', workerDeps = deps, handlers?: Record<string, JobHandler>) => {
      let total = 0;
      for (let ran = -1; ran !== 0; total += ran)
        ran = await runWorkerOnce(workerDeps, workerId, { handlers });
      return total;
    };
    const log = async (endpointId: string, query = ''): Promise<DeliveryJson[]> => {
      const res = await t.app.request(`${base}/webhook-endpoints/${endpointId}/deliveries${query}`, {
        headers: s.headers,
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: DeliveryJson[] }).data;
    };
    const endpoint = async (endpointId: string) => {
      const res = await t.app.request(`${base}/webhook-endpoints?limit=100`, { headers: s.headers });
      const list = ((await res.json()) as { data: { id: string; [k: string]: unknown }[] }).data;
      return list.find((e) => e.id === endpointId)!;
    };
    const redeliver = (deliveryId: string) =>
      t.app.request(`${base}/webhook-deliveries/${deliveryId}/redeliver`, {
        method: 'POST',
        headers: s.headers,
      });
    const patch = (endpointId: string, body: unknown) =>
      t.app.request(`${base}/webhook-endpoints/${endpointId}`, { method: 'PATCH', ...json(body, s.headers) });
    const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
    return {
      db,
      t,
      ws,
      s,
      base,
      deps,
      path,
      received,
      register,
      emit,
      drain,
      log,
      endpoint,
      redeliver,
      patch,
      nowSeconds,
    };
  };

  it('delivers a signed envelope with the spec headers; the signature verifies independently', async () => {
    const { ws, t, received, register, emit, drain, log, endpoint, nowSeconds } = await setup();
    const ep = await register(['contact.created']);
    const other = await register(['ticket.opened'], `/other/${newId()}`);
    const eventAt = t.clock.now().toISOString();
    t.clock.advance(SECOND);
    const eventId = await emit('contact.created', { email: 'ada@example.com', name: 'Ada' });
    t.clock.advance(2 * SECOND);
    await drain();

    expect(received()).toHaveLength(1);
    const req = received()[0]!;
    expect(verifySignature(req, ep.secret, nowSeconds())).toBe(nowSeconds());
    expect(() => verifySignature(req, other.secret, nowSeconds())).toThrow('bad signature');
    const documented = await docsVerifier();
    const sig = req.headers['service-signature'];
    expect(documented(req.body, sig, ep.secret, nowSeconds())).toEqual(JSON.parse(req.body.toString()));
    expect(() => documented(req.body, sig, other.secret, nowSeconds())).toThrow('bad signature');
    expect(() => documented(req.body, sig, ep.secret, nowSeconds() + 301)).toThrow('window');
    expect(() =>
      documented(Buffer.concat([req.body, Buffer.from(' ')]), sig, ep.secret, nowSeconds()),
    ).toThrow();
    const body = JSON.parse(req.body.toString('utf8'));
    expect(Object.keys(body)).toEqual(['id', 'type', 'api_version', 'created_at', 'workspace_id', 'data']);
    expect(body).toMatchObject({ type: 'contact.created', api_version: '2026-10-09', workspace_id: ws.id });
    expect(body.created_at).toBe(new Date(Date.parse(eventAt) + SECOND).toISOString());
    expect(Object.keys(body.data)).toEqual(['contact_id', 'external_id', 'verified', 'created_at']);
    expect(req.body.toString()).not.toContain('ada@example.com');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['idempotency-key']).toBe(body.id);
    expect(req.headers['service-delivery-id']).toBe(body.id);
    expect(req.headers['service-event-type']).toBe('contact.created');
    expect(req.headers['service-attempt']).toBe('1');
    expect(req.headers['service-payload-version']).toBe('2026-10-09');

    const [delivery] = await log(ep.id);
    expect(delivery).toMatchObject({ status: 'succeeded', idempotency_key: body.id, attempt_count: 1 });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({
        number: 1,
        status_code: 200,
        succeeded: true,
        error: null,
        error_code: null,
      }),
    ]);
    expect(delivery!.attempts[0]!.attempted_at).toBe(t.clock.now().toISOString());
    expect((await endpoint(ep.id)).last_success_at).toBe(t.clock.now().toISOString());
    expect(await log(other.id)).toEqual([]);
    expect(eventId).toMatch(/^[0-9a-z]{26}$/);
  });

  it('the test event reaches one endpoint only, signed, through the worker, and shows in its delivery log', async () => {
    const { t, ws, s, base, received, register, drain, log, nowSeconds } = await setup();
    const ep = await register(['ticket.opened']);
    const other = await register(['ticket.opened'], `/other/${newId()}`);
    const ctx = { db: getDb(), clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
    const key = await createApiKey(ctx, { name: 'ops', abilities: ['webhooks:write'] });

    const portal = await t.app.request(`${base}/webhook-endpoints/${ep.id}/test`, {
      method: 'POST',
      headers: s.headers,
    });
    expect(portal.status).toBe(202);
    const queued = ((await portal.json()) as { data: DeliveryJson & { event_type: string } }).data;
    expect(queued).toMatchObject({
      status: 'pending',
      event_type: 'webhook.ping',
      attempt_count: 0,
      attempts: [],
    });
    t.clock.advance(SECOND);
    await drain();

    expect(received()).toHaveLength(1);
    const req = received()[0]!;
    expect(verifySignature(req, ep.secret, nowSeconds())).toBe(nowSeconds());
    expect(() => verifySignature(req, other.secret, nowSeconds())).toThrow('bad signature');
    const documented = await docsVerifier();
    expect(documented(req.body, req.headers['service-signature'], ep.secret, nowSeconds())).toMatchObject({
      type: 'webhook.ping',
    });
    const body = JSON.parse(req.body.toString('utf8'));
    expect(Object.keys(body)).toEqual(['id', 'type', 'api_version', 'created_at', 'workspace_id', 'data']);
    expect(body).toMatchObject({
      id: queued.idempotency_key,
      type: 'webhook.ping',
      api_version: '2026-10-09',
    });
    expect(body.workspace_id).toBe(ws.id);
    expect(body.data).toEqual({ endpoint_id: ep.id, sent_by: 'user', sent_by_id: expect.any(String) });
    expect(req.headers['idempotency-key']).toBe(body.id);
    expect(req.headers['service-delivery-id']).toBe(body.id);
    expect(req.headers['service-event-type']).toBe('webhook.ping');
    expect(req.headers['service-attempt']).toBe('1');
    expect(req.headers['service-payload-version']).toBe('2026-10-09');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toBe('SupportPlatform-Webhooks/1');

    // The public surface sends the same event, naming the key; the other endpoint never receives either.
    const pub = await t.app.request(`/api/v1/webhooks/${ep.id}/test`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key.plaintext}` },
    });
    expect(pub.status).toBe(202);
    await drain();
    expect(received()).toHaveLength(2);
    expect(JSON.parse(received()[1]!.body.toString()).data).toEqual({
      endpoint_id: ep.id,
      sent_by: 'api_key',
      sent_by_id: key.key.id,
    });
    expect(await log(other.id)).toEqual([]);

    const deliveries = await log(ep.id);
    expect(deliveries.map((d) => [d.status, d.attempt_count])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
    expect(deliveries[1]).toMatchObject({ id: queued.id, idempotency_key: body.id });
    expect(deliveries[1]!.attempts).toEqual([
      expect.objectContaining({ number: 1, status_code: 200, succeeded: true, error_code: null }),
    ]);
  });

  it('the contact upsert fires contact.created through the outbox once; a matching upsert sends nothing', async () => {
    const { t, ws, received, register, drain, nowSeconds } = await setup();
    const ep = await register(['contact.created']);
    const ctx = { db: getDb(), clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
    const { plaintext } = await createApiKey(ctx, { name: 'crm', abilities: ['contacts:write'] });
    const upsert = (body: unknown) =>
      t.app.request('/api/v1/contacts', {
        method: 'POST',
        ...json(body, { Authorization: `Bearer ${plaintext}` }),
      });
    const created = await upsert({
      email: 'ada@example.com',
      name: 'Ada',
      external_id: 'crm-7',
      attributes: { plan: 'pro' },
    });
    expect(created.status).toBe(201);
    const contact = ((await created.json()) as { data: { id: string; created_at: string } }).data;
    expect((await upsert({ email: 'ada@example.com', name: 'Ada L.' })).status).toBe(200);
    await drain();
    expect(received()).toHaveLength(1);
    verifySignature(received()[0]!, ep.secret, nowSeconds());
    const body = JSON.parse(received()[0]!.body.toString());
    expect(body.data).toEqual({
      contact_id: contact.id,
      external_id: 'crm-7',
      verified: false,
      created_at: contact.created_at,
    });
    expect(received()[0]!.body.toString()).not.toMatch(/ada@|Ada|plan/);
  });

  it('retries at 0, +1 min, +5 min, +30 min, +2 h, then the delivery is failed and never tried again', async () => {
    const { t, received, register, emit, drain, log, endpoint } = await setup();
    receiver.reply(() => ({ status: 500 }));
    const ep = await register();
    const t0 = Math.floor(t.clock.now().getTime() / 1000);
    await emit();
    await drain();
    for (const delay of [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR]) {
      const before = received().length;
      t.clock.advance(delay - SECOND);
      await drain();
      expect(received().length, 'not before it is due').toBe(before);
      t.clock.advance(SECOND);
      await drain();
      expect(received().length).toBe(before + 1);
    }
    const sent = received();
    expect(sent.map((r) => r.headers['service-attempt'])).toEqual(['1', '2', '3', '4', '5']);
    const ts = sent.map((r) => Number(/t=(\d+)/.exec(String(r.headers['service-signature']))![1]) - t0);
    expect(ts).toEqual([0, 60, 360, 2160, 9360]);
    // The same bytes and Idempotency-Key on every attempt, re-signed each time.
    expect(new Set(sent.map((r) => r.body.toString('base64'))).size).toBe(1);
    expect(new Set(sent.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(new Set(sent.map((r) => r.headers['service-signature'])).size).toBe(5);

    const [delivery] = await log(ep.id);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 5, next_attempt_at: null });
    expect(delivery!.attempts.map((a) => [a.number, a.status_code, a.error_code, a.error])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, 500, 'http_status', 'HTTP 500 from the receiver.']),
    );
    t.clock.advance(6 * HOUR);
    await drain();
    expect(received()).toHaveLength(5);
    expect((await endpoint(ep.id)).consecutive_failures).toBe(1);
  });

  /** Runs every pending delivery of the test through all five attempts. */
  const exhaust = async (drain: () => Promise<number>, advance: (ms: number) => void) => {
    await drain();
    for (const delay of [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR]) {
      advance(delay);
      await drain();
    }
  };

  it('10 consecutive exhausted deliveries disable the endpoint; a success resets; PATCH re-enables without backfill', async () => {
    const { t, received, register, emit, drain, log, endpoint, redeliver, patch } = await setup();
    const ep = await register();
    const advance = (ms: number) => t.clock.advance(ms);
    receiver.reply(() => ({ status: 503 }));
    for (let i = 0; i < 9; i++) await emit();
    await exhaust(drain, advance);
    expect(await endpoint(ep.id)).toMatchObject({ status: 'enabled', consecutive_failures: 9 });

    receiver.reply(() => ({ status: 200 }));
    await emit();
    await drain();
    expect(await endpoint(ep.id)).toMatchObject({ status: 'enabled', consecutive_failures: 0 });

    receiver.reply(() => ({ status: 500 }));
    for (let i = 0; i < 10; i++) await emit();
    await exhaust(drain, advance);
    const disabled = await endpoint(ep.id);
    expect(disabled).toMatchObject({
      status: 'disabled',
      consecutive_failures: 10,
      disabled_reason: 'HTTP 500 from the receiver.',
      disabled_at: t.clock.now().toISOString(),
    });

    // Nothing is delivered while disabled, and nothing fired meanwhile is sent after re-enabling.
    const count = received().length;
    await emit();
    await drain();
    t.clock.advance(SECOND);
    await emit();
    const failed = (await log(ep.id, '?status=failed'))[0]!;
    const conflict = await redeliver(failed.id);
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: { code: string } }).error.code).toBe('endpoint_disabled');

    t.clock.advance(SECOND);
    receiver.reply(() => ({ status: 200 }));
    const res = await patch(ep.id, { status: 'enabled' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toMatchObject({
      status: 'enabled',
      consecutive_failures: 0,
      disabled_at: null,
      disabled_reason: null,
    });
    await drain();
    expect(received().length).toBe(count);
    t.clock.advance(SECOND);
    await emit();
    await drain();
    expect(received().length).toBe(count + 1);
  });

  it('disabling an endpoint cancels its pending retries', async () => {
    const { t, received, register, emit, drain, log, patch } = await setup();
    receiver.reply(() => ({ status: 500 }));
    const ep = await register();
    await emit();
    await drain();
    expect((await log(ep.id))[0]).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect((await patch(ep.id, { status: 'disabled' })).status).toBe(200);
    expect((await log(ep.id))[0]).toMatchObject({ status: 'cancelled', next_attempt_at: null });
    t.clock.advance(3 * HOUR);
    await drain();
    expect(received()).toHaveLength(1);
  });

  it('redelivery sends the original bytes and Idempotency-Key, freshly signed; 409 while in progress', async () => {
    const { t, received, register, emit, drain, log, redeliver, nowSeconds } = await setup();
    const ep = await register();
    receiver.reply(() => ({ status: 500 }));
    await emit();
    await drain();
    const [original] = await log(ep.id);
    const busy = await redeliver(original!.id);
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe('delivery_in_progress');

    receiver.reply(() => ({ status: 200 }));
    t.clock.advance(MINUTE);
    await drain();
    expect((await log(ep.id))[0]).toMatchObject({ status: 'succeeded', attempt_count: 2 });

    t.clock.advance(HOUR);
    const res = await redeliver(original!.id.toUpperCase());
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { data: DeliveryJson }).data;
    expect(created).toMatchObject({
      status: 'pending',
      redelivery_of: original!.id,
      idempotency_key: original!.idempotency_key,
      attempts: [],
    });
    expect(created.id).not.toBe(original!.id);
    await drain();
    const [first, , third] = received();
    expect(third!.body.equals(first!.body)).toBe(true);
    expect(third!.headers['idempotency-key']).toBe(original!.idempotency_key);
    expect(third!.headers['service-attempt']).toBe('1');
    expect(verifySignature(third!, ep.secret, nowSeconds())).toBe(nowSeconds());
    expect(third!.headers['service-signature']).not.toBe(first!.headers['service-signature']);

    const after = await log(ep.id);
    expect(after.map((d) => [d.id, d.status, d.attempt_count])).toEqual([
      [created.id, 'succeeded', 1],
      [original!.id, 'succeeded', 2],
    ]);
    expect((await redeliver(newId())).status).toBe(404);
    expect((await redeliver('not-a-ulid')).status).toBe(404);
  });

  it('a 3xx receiver and a slow receiver fail their attempts with the reason in the log', async () => {
    const { received, register, emit, drain, log, path } = await setup({ timeoutMs: 200 });
    receiver.reply((req) =>
      req.headers['service-event-type'] === 'ticket.opened'
        ? 'hang'
        : { status: 301, headers: { Location: `${receiver.url}${path}/moved` } },
    );
    const ep = await register(['contact.created', 'ticket.opened']);
    await emit('contact.created');
    await emit('ticket.opened', { ticket_id: newId() });
    await drain();
    expect(received().map((r) => r.path)).toEqual([path, path]);
    const byType = Object.fromEntries((await log(ep.id)).map((d) => [d.idempotency_key, d]));
    const attempts = Object.values(byType).map((d) => d.attempts[0]!);
    expect(attempts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          status_code: 301,
          error_code: 'redirect_not_followed',
          error: 'HTTP 301: redirects are not followed.',
        }),
        expect.objectContaining({
          status_code: null,
          error_code: 'timeout',
          error: 'No response within 0.2 s.',
        }),
      ]),
    );
  });

  it('loopback is refused at attempt time when UNSAFE_WEBHOOK_ALLOW_HOSTS is unset', async () => {
    const { received, register, emit, drain, log } = await setup({ workerAllowHosts: [] });
    const ep = await register();
    await emit();
    await drain();
    expect(received()).toHaveLength(0);
    expect((await log(ep.id))[0]!.attempts[0]).toMatchObject({
      succeeded: false,
      status_code: null,
      error_code: 'address_refused',
      error: 'Refused: 127.0.0.1 is not a public address.',
    });
  });

  it('two workers on one database: one delivery per event and endpoint, each attempt sent once', async () => {
    const { db, t, deps, received, register, emit, drain, log } = await setup();
    const a = await register(['contact.created']);
    const b = await register(['contact.created']);
    for (let i = 0; i < 30; i++) await emit();
    // Two dispatchers racing over the same outbox rows first.
    await Promise.all([dispatchEvents(db, t.clock.now(), 7), dispatchEvents(db, t.clock.now(), 7)]);
    const ran: { worker: string; job: string }[] = [];
    const tracking =
      (worker: string): JobHandler =>
      (job, d) => {
        ran.push({ worker, job: job.id });
        return runWebhookAttempt(job, d);
      };
    await Promise.all([
      drain('w1', deps, { [ATTEMPT_JOB_KIND]: tracking('w1') }),
      drain('w2', deps, { [ATTEMPT_JOB_KIND]: tracking('w2') }),
    ]);
    expect(received()).toHaveLength(60);
    expect(new Set(received().map((r) => r.headers['idempotency-key'])).size).toBe(60);
    expect(new Set(ran.map((r) => r.job)).size).toBe(ran.length);
    expect(ran.length).toBe(60);
    for (const ep of [a, b]) {
      const deliveries = await log(ep.id, '?limit=100');
      expect(deliveries).toHaveLength(30);
      expect(deliveries.every((d) => d.status === 'succeeded' && d.attempts.length === 1)).toBe(true);
    }
  });

  it('a worker killed mid-attempt loses nothing: the attempt is made again after its lease, and recorded once', async () => {
    const { db, t, deps, received, register, emit, drain, log } = await setup();
    const ep = await register();
    await emit();
    await dispatchEvents(db, t.clock.now());
    // A worker takes the attempt and dies before sending anything.
    const [taken] = await claimDueJobs(db, {
      workerId: 'killed',
      now: t.clock.now(),
      limit: 10,
      leaseMs: 5 * MINUTE,
      kinds: [ATTEMPT_JOB_KIND],
    });
    expect(taken).toBeDefined();
    await drain('alive');
    expect(received()).toHaveLength(0);
    t.clock.advance(5 * MINUTE);
    await drain('alive');
    expect(received()).toHaveLength(1);
    // The lost attempt may have reached the receiver: the retry carries the next number (issue 11).
    expect(received()[0]!.headers['service-attempt']).toBe('2');

    // Another worker dies after recording its attempt but before finishing the job: the rerun sends nothing.
    await emit();
    await dispatchEvents(db, t.clock.now());
    const [second] = await claimDueJobs(db, {
      workerId: 'killed-later',
      now: t.clock.now(),
      limit: 10,
      leaseMs: 5 * MINUTE,
      kinds: [ATTEMPT_JOB_KIND],
    });
    const payload = second!.payload as { delivery_id: string; number: number };
    await attemptDelivery(
      { db, clock: t.clock, box: deps.box, transport: deps.webhookTransport },
      { workspace_id: second!.workspace_id!, ...payload },
    );
    expect(received()).toHaveLength(2);
    t.clock.advance(5 * MINUTE);
    await drain('alive');
    expect(received()).toHaveLength(2);
    const deliveries = await log(ep.id);
    expect(deliveries.map((d) => [d.status, d.attempts.length])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
  });
});
