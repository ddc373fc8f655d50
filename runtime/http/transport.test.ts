import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebhookRequest } from '../../server-core/webhooks/transport';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';
import { createHttpTransport, type Resolver } from './transport';

const LOOPBACK = ['127.0.0.1'];

describe('HTTP transport with the attempt-time SSRF guard', () => {
  let receiver: Receiver;
  let redirectTarget: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    redirectTarget = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await redirectTarget.close();
  });

  const request = (url: string): WebhookRequest => ({
    url,
    body: '{"id":"x","data":{}}',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'x' },
  });

  it('a 2xx is a success; the body arrives byte for byte with its headers', async () => {
    receiver.reply(() => ({ status: 204 }));
    const before = receiver.requests.length;
    const outcome = await createHttpTransport({ allowHosts: LOOPBACK }).send(
      request(`${receiver.url}/hook?k=1`),
    );
    expect(outcome).toMatchObject({ ok: true, statusCode: 204 });
    const got = receiver.requests[before]!;
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/hook?k=1');
    expect(got.body.toString('utf8')).toBe('{"id":"x","data":{}}');
    expect(got.headers['content-length']).toBe('20');
    expect(got.headers['idempotency-key']).toBe('x');
  });

  it('a 3xx is a failure and the redirect is never followed', async () => {
    receiver.reply(() => ({ status: 302, headers: { Location: `${redirectTarget.url}/stolen` } }));
    const outcome = await createHttpTransport({ allowHosts: LOOPBACK }).send(request(`${receiver.url}/hook`));
    expect(outcome).toMatchObject({ ok: false, statusCode: 302, errorCode: 'redirect_not_followed' });
    expect(redirectTarget.requests).toHaveLength(0);
  });

  it('a 5xx or 4xx is a failure with its status', async () => {
    receiver.reply((_r, i) => ({ status: i % 2 === 0 ? 500 : 410 }));
    const transport = createHttpTransport({ allowHosts: LOOPBACK });
    const a = await transport.send(request(`${receiver.url}/hook`));
    const b = await transport.send(request(`${receiver.url}/hook`));
    expect([a, b].map((o) => o.statusCode).sort()).toEqual([410, 500]);
    expect(a).toMatchObject({ ok: false, errorCode: 'http_status' });
  });

  it('a receiver that never answers fails the attempt with a timeout after 10 s (clock faked, not slept)', async () => {
    let arrived: () => void = () => {};
    const arrival = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    receiver.reply(() => {
      arrived();
      return 'hang';
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const pending = createHttpTransport({ allowHosts: LOOPBACK })
        .send(request(`${receiver.url}/slow`))
        .finally(() => {
          settled = true;
        });
      await arrival;
      await vi.advanceTimersByTimeAsync(9_990);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(20);
      const outcome = await pending;
      expect(outcome).toMatchObject({ ok: false, statusCode: null, errorCode: 'timeout' });
      if (!outcome.ok) expect(outcome.error).toBe('No response within 10 s.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a slow 2xx (after the time-out) is still a failure; the time-out is injectable', async () => {
    receiver.reply(() => 'hang');
    const outcome = await createHttpTransport({ allowHosts: LOOPBACK, timeoutMs: 150 }).send(
      request(`${receiver.url}/slow`),
    );
    expect(outcome).toMatchObject({ ok: false, errorCode: 'timeout' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(140);
  });

  it('loopback is refused when UNSAFE_WEBHOOK_ALLOW_HOSTS is unset, and nothing is sent', async () => {
    receiver.reply(() => ({ status: 200 }));
    const before = receiver.requests.length;
    const outcome = await createHttpTransport({ allowHosts: [] }).send(request(`${receiver.url}/hook`));
    expect(outcome).toMatchObject({ ok: false, errorCode: 'address_refused', statusCode: null });
    if (!outcome.ok) expect(outcome.error).toBe('Refused: 127.0.0.1 is not a public address.');
    expect(receiver.requests.length).toBe(before);
  });

  it('a name with any private answer is refused (checked on every attempt)', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const outcome = await createHttpTransport({ allowHosts: [], resolve }).send(
      request('https://hooks.example.com/hook'),
    );
    expect(outcome).toMatchObject({ ok: false, errorCode: 'address_refused' });
    // The tenant's log says only that the address is not public; where the name points is the operator's.
    if (!outcome.ok) expect(outcome.error).toBe('Refused: hooks.example.com has no public address.');
    if (!outcome.ok) expect(outcome.detail).toBe('hooks.example.com resolves to 10.0.0.7');

    const mapped: Resolver = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    expect(
      await createHttpTransport({ allowHosts: [], resolve: mapped }).send(request('https://x.example.com/')),
    ).toMatchObject({ ok: false, errorCode: 'address_refused' });
  });

  it('connects to the vetted address itself: DNS is asked once, a rebinding answer is never used', async () => {
    receiver.reply(() => ({ status: 200 }));
    const answers = ['127.0.0.1', '10.9.9.9'];
    let calls = 0;
    const resolve: Resolver = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    const before = receiver.requests.length;
    const outcome = await createHttpTransport({ allowHosts: LOOPBACK, resolve }).send(
      request(`http://rebind.example.com:${receiver.port}/hook`),
    );
    expect(outcome).toMatchObject({ ok: true, statusCode: 200 });
    expect(calls).toBe(1);
    // The request reached our receiver under the URL's own Host header.
    expect(receiver.requests[before]!.headers.host).toBe(`rebind.example.com:${receiver.port}`);
  });

  it('DNS failures and refused connections are failed attempts with a reason', async () => {
    // A name that does not exist reads like one that points into private space: no existence oracle.
    const nx: Resolver = async () => {
      throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(
      await createHttpTransport({ allowHosts: [], resolve: nx }).send(request('https://nx.example.com/')),
    ).toMatchObject({
      ok: false,
      errorCode: 'address_refused',
      error: 'Refused: nx.example.com has no public address.',
      detail: 'nx.example.com: ENOTFOUND',
    });
    const none: Resolver = async () => [];
    expect(
      await createHttpTransport({ allowHosts: [], resolve: none }).send(request('https://nx.example.com/')),
    ).toMatchObject({
      errorCode: 'address_refused',
      error: 'Refused: nx.example.com has no public address.',
    });
    // DNS that does not answer now is another matter: said as such, and retried on the schedule.
    const down: Resolver = async () => {
      throw Object.assign(new Error('queryA EAI_AGAIN'), { code: 'EAI_AGAIN' });
    };
    expect(
      await createHttpTransport({ allowHosts: [], resolve: down }).send(request('https://x.example.com/')),
    ).toMatchObject({
      ok: false,
      errorCode: 'dns_failed',
      error: 'x.example.com could not be resolved (EAI_AGAIN).',
    });
    const closed = await startReceiver();
    await closed.close();
    expect(
      await createHttpTransport({ allowHosts: LOOPBACK }).send(request(`${closed.url}/hook`)),
    ).toMatchObject({ ok: false, errorCode: 'connection_failed' });
  });

  it('a URL with port 0 is refused at attempt time, and nothing is sent', async () => {
    receiver.reply(() => ({ status: 200 }));
    const before = receiver.requests.length;
    const outcome = await createHttpTransport({ allowHosts: LOOPBACK }).send(
      request('http://127.0.0.1:0/hook'),
    );
    expect(outcome).toMatchObject({ ok: false, statusCode: null, errorCode: 'invalid_url' });
    expect(receiver.requests.length).toBe(before);
  });
});
