import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, makeTestApp, signIn } from '../../bff/testing/services';
import { SYSTEM_ACTOR } from '../../server-core/context';
import { HOUR, SECOND } from '../../server-core/lib/clock';
import { newId } from '../../server-core/lib/ulid';
import { emitEvent } from '../../server-core/outbox/emit-event';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { type ReceivedRequest, type Receiver, startReceiver } from '../testing/webhook-receiver';
import { testWorkerDeps } from '../testing/worker-deps';
import { runWorkerOnce } from './loop';

type Verify = (raw: Buffer, header: unknown, secrets: string | string[], now: number) => unknown;

/** The verifier of docs/webhooks.md, loaded as a module: the documented receiver code is what runs. */
async function docsVerifier(): Promise<Verify> {
  const md = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(md)![1]!;
  const dir = mkdtempSync(join(tmpdir(), 'webhook-rotation-'));
  const file = join(dir, 'verify.mjs');
  writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify };
  rmSync(dir, { recursive: true, force: true });
  return mod.verifyWebhook;
}

/** The v1 values of a request's header, and the HMAC a secret gives over its t and body. */
const v1s = (r: ReceivedRequest) =>
  String(r.headers['service-signature'])
    .split(',')
    .filter((p) => p.startsWith('v1='))
    .map((p) => p.slice(3));
const hmac = (r: ReceivedRequest, secret: string) => {
  const t = /t=(\d+)/.exec(String(r.headers['service-signature']))![1];
  return createHmac('sha256', secret).update(`${t}.`).update(r.body).digest('hex');
};

describeDb('rotating an endpoint signing secret', (getDb) => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('signs with both secrets (new first) for 24 hours, then with the new one only', async () => {
    const verify = await docsVerifier();
    const db = getDb();
    const t = makeTestApp(db, { UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' }, '2026-11-01T00:00:00.000Z');
    const ws = await makeWorkspace(db, t.clock.now());
    const owner = await makeMember(db, ws.id, 'owner');
    let s = await signIn(t, owner.email, TEST_PASSWORD);
    const deps = testWorkerDeps(db, t.clock, {
      box: t.services.box,
      transport: { allowHosts: ['127.0.0.1'] },
    });
    const base = `/api/v1/workspaces/${ws.id}/webhook-endpoints`;
    const path = `/rotation/${newId()}`;
    receiver.reply(() => ({ status: 200 }));
    const res = await t.app.request(base, {
      method: 'POST',
      ...json({ url: `${receiver.url}${path}`, events: ['contact.created'] }, s.headers),
    });
    const { id, secret: oldSecret } = ((await res.json()) as { data: { id: string; secret: string } }).data;
    const sent = () => receiver.requests.filter((r) => r.path === path);
    const deliverOne = async () => {
      await db.tx((tx) =>
        emitEvent({ db: tx, clock: t.clock, workspaceId: ws.id, actor: SYSTEM_ACTOR }, 'contact.created', {
          contact_id: newId(),
          external_id: null,
          verified: true,
          created_at: t.clock.now().toISOString(),
        }),
      );
      while ((await runWorkerOnce(deps, 'w')) > 0);
      return sent().at(-1)!;
    };
    const now = () => Math.floor(t.clock.now().getTime() / 1000);

    const before = await deliverOne();
    expect(v1s(before)).toEqual([hmac(before, oldSecret)]);

    const rotate = (key: string) =>
      t.app.request(`${base}/${id}/rotate-secret`, {
        method: 'POST',
        headers: { ...s.headers, 'Idempotency-Key': key },
      });
    const rotated = await rotate('rotate-1');
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    const body = (await rotated.json()) as {
      data: { id: string; secret: string; previous_secret_expires_at: string };
    };
    const newSecret = body.data.secret;
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSecret).not.toBe(oldSecret);
    expect(body.data).toMatchObject({ id, previous_secret_expires_at: '2026-11-02T00:00:00.000Z' });
    // The same key replays the answer without rotating again.
    const replay = (await (await rotate('rotate-1')).json()) as { data: { secret: string } };
    expect(replay.data.secret).toBe(newSecret);

    const during = await deliverOne();
    expect(v1s(during)).toEqual([hmac(during, newSecret), hmac(during, oldSecret)]);
    // The documented receiver accepts it with the old secret, the new one, or both; not with another.
    for (const secrets of [oldSecret, newSecret, [newSecret, oldSecret]])
      expect(verify(during.body, during.headers['service-signature'], secrets, now())).toMatchObject({
        type: 'contact.created',
      });
    expect(() => verify(during.body, during.headers['service-signature'], 'whsec_other', now())).toThrow(
      'bad signature',
    );

    t.clock.advance(24 * HOUR + SECOND);
    const after = await deliverOne();
    expect(v1s(after)).toEqual([hmac(after, newSecret)]);
    expect(() => verify(after.body, after.headers['service-signature'], oldSecret, now())).toThrow(
      'bad signature',
    );
    expect(
      verify(after.body, after.headers['service-signature'], [oldSecret, newSecret], now()),
    ).toBeTruthy();

    // A second rotation inside a window drops the oldest secret at once: two sign at most.
    s = await signIn(t, owner.email, TEST_PASSWORD); // the first session's 12 hours are over
    const third = ((await (await rotate('rotate-2')).json()) as { data: { secret: string } }).data.secret;
    const fourth = ((await (await rotate('rotate-3')).json()) as { data: { secret: string } }).data.secret;
    const latest = await deliverOne();
    expect(v1s(latest)).toEqual([hmac(latest, fourth), hmac(latest, third)]);

    const audit = await db.query<{ action: string; data: unknown }>(
      `select action, data from audit_log where workspace_id = $1 and action = 'webhook_endpoint.secret_rotated'`,
      [ws.id],
    );
    expect(audit).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain('whsec_');
  });

  it("answers 404 for another workspace's endpoint or an unknown one, 403 without webhooks.manage", async () => {
    const db = getDb();
    const t = makeTestApp(db, { UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
    const ws = await makeWorkspace(db, t.clock.now());
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const res = await t.app.request(`/api/v1/workspaces/${ws.id}/webhook-endpoints`, {
      method: 'POST',
      ...json({ url: 'https://hooks.example.com/x', events: ['contact.created'] }, s.headers),
    });
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const other = await makeWorkspace(db, t.clock.now());
    const stranger = await makeMember(db, other.id, 'owner');
    const o = await signIn(t, stranger.email, TEST_PASSWORD);
    const post = (wsId: string, endpointId: string, headers: Record<string, string>) =>
      t.app.request(`/api/v1/workspaces/${wsId}/webhook-endpoints/${endpointId}/rotate-secret`, {
        method: 'POST',
        headers: { ...headers, 'Idempotency-Key': newId() },
      });
    expect((await post(other.id, id, o.headers)).status).toBe(404);
    expect((await post(ws.id, newId(), s.headers)).status).toBe(404);
    const member = await makeMember(db, ws.id, 'member');
    const m = await signIn(t, member.email, TEST_PASSWORD);
    expect((await post(ws.id, id, m.headers)).status).toBe(403);
  });
});
