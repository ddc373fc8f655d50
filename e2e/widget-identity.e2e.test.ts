import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { type HostServer, hostPage, snippet, startHostServer } from './support/host-server';
import {
  type HostWindow,
  ops,
  rotateIdentitySecret,
  type Seeded,
  seedWorkspace,
  type Watched,
  waitForLauncher,
  watchedPage,
} from './support/widget';

let browser: Browser;
let host: HostServer;
let ws: Seeded;
let secret: string;
const EMAIL = 'ada@example.com';
const hmac = (s: string, email = EMAIL) => createHmac('sha256', s).update(email.toLowerCase()).digest('hex');
const jwt = (claims: Record<string, unknown>, alg = 'HS256') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg })
    .sign(alg === 'HS256' ? new TextEncoder().encode(secret) : new Uint8Array(64).fill(7));
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  browser = await launchChromium();
  host = await startHostServer();
  ws = await seedWorkspace();
  secret = await rotateIdentitySecret(ws);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

async function open(path: string, websiteId = ws.websiteId): Promise<Watched> {
  const w = await watchedPage(browser);
  await w.page.goto(host.page(path, hostPage(snippet(inject('serverUrl'), websiteId))));
  await waitForLauncher(w.page);
  return w;
}
const userSet = (w: Watched, input: Record<string, unknown>) =>
  w.page.evaluate((i) => (window as unknown as HostWindow).Widget.user.set(i), input);
const track = (w: Watched, name: unknown, properties?: unknown) =>
  w.page.evaluate(([n, p]) => (window as unknown as HostWindow).Widget.track(n, p), [
    name,
    properties,
  ] as const);
const posts = (w: Watched, path: string) => w.requests.filter((r) => r.method === 'POST' && r.path === path);

it('track while anonymous: one 409, one warning, nothing sent until user.set succeeds; then it belongs to the contact', async () => {
  const w = await open('/id/anonymous');
  await track(w, 'report_exported');
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([409]);
  await track(w, 'report_exported');
  await track(w, 'report_exported');
  // Widget network calls run in call order: once the user.set queued after these two tracks is answered,
  // both have been decided, and neither sent anything.
  await userSet(w, { email: 'Ada@Example.com', name: 'Ada', hmac: hmac(secret) });
  await expect.poll(() => posts(w, '/widget/identify').map((r) => r.status)).toEqual([200]);
  expect(posts(w, '/widget/events')).toHaveLength(1);
  expect(w.warnings).toEqual([
    '[widget] track needs an identified visitor: call Widget.user.set first; events are dropped until then',
  ]);

  await track(w, 'report_exported', { rows: 12 });
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([409, 204]);
  expect(w.warnings).toHaveLength(1);
  await w.close();
});

it('user.set with a signed token verifies (attributes inside); the identity survives a reload', async () => {
  const w = await open('/id/token');
  const token = await jwt({
    email: EMAIL,
    name: 'Ada',
    attributes: { plan: 'pro', seats: 3 },
    exp: now() + 600,
  });
  await userSet(w, { email: EMAIL, token });
  await expect.poll(() => posts(w, '/widget/identify').map((r) => r.status)).toEqual([200]);
  await w.page.reload();
  await waitForLauncher(w.page);
  await track(w, 'after_reload');
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([204]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('each refused proof is one [widget] warning naming the 403 or 422 code, and identifies nobody', async () => {
  const w = await open('/id/refusals');
  const cases: [Record<string, unknown>, string][] = [
    [{ email: EMAIL, hmac: hmac('another secret') }, '403 invalid_identity_hmac'],
    [{ email: EMAIL, token: await jwt({ email: EMAIL, exp: now() - 5 }) }, '403 identity_token_expired'],
    [{ email: EMAIL, token: await jwt({ email: EMAIL }) }, '403 identity_token_exp_missing'],
    [
      { email: EMAIL, token: await jwt({ email: EMAIL, exp: now() + 3 * 86400 }) },
      '403 identity_token_exp_too_far',
    ],
    [
      { email: EMAIL, token: await jwt({ email: 'bob@example.com', exp: now() + 60 }) },
      '403 identity_email_mismatch',
    ],
    [
      { email: EMAIL, token: await jwt({ email: EMAIL, exp: now() + 60 }, 'HS512') },
      '403 invalid_identity_token',
    ],
    [
      { email: EMAIL, token: 'eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFkYUBleGFtcGxlLmNvbSJ9.' },
      '403 invalid_identity_token',
    ],
    [{ email: EMAIL, token: 'x'.repeat(64 * 1024 + 10) }, '422 token_too_large'],
    [
      { email: EMAIL, token: await jwt({ email: EMAIL, exp: now() + 60, attributes: { deep: { no: 1 } } }) },
      '422 invalid_token_attributes',
    ],
  ];
  for (const [input, code] of cases) {
    const before = w.warnings.length;
    await userSet(w, input);
    await expect.poll(() => w.warnings.length, { timeout: 5000 }).toBe(before + 1);
    expect(w.warnings.at(-1)).toMatch(new RegExp(`^\\[widget\\] user\\.set was refused \\(${code}: `));
  }
  // Without hmac or token nothing is claimed, and nothing is sent.
  await userSet(w, { email: EMAIL, name: 'Ada' });
  await expect
    .poll(() => w.warnings.at(-1))
    .toBe('[widget] user.set needs an hmac or a signed token to verify the identity; nothing was sent');
  expect(posts(w, '/widget/identify')).toHaveLength(cases.length);
  await track(w, 'still_anonymous');
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([409]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('track validates before sending and sends at most 30 a minute, with one warning', async () => {
  const w = await open('/id/limits');
  await userSet(w, { email: EMAIL, hmac: hmac(secret) });
  await expect.poll(() => posts(w, '/widget/identify').length).toBe(1);
  await track(w, 'Bad Name');
  await track(w, 'service.login');
  await track(w, 'ok', { nested: { a: 1 } });
  await track(w, 'ok', { s: 'x'.repeat(501) });
  expect(w.warnings).toEqual([
    '[widget] track("Bad Name") was not sent: event names must match ^[a-z][a-z0-9_.:-]{0,63}$',
    '[widget] track("service.login") was not sent: event names starting service. or service: are reserved',
    '[widget] track("ok") was not sent: property nested must be a string, finite number, boolean or null',
    '[widget] track("ok") was not sent: property s is longer than 500 characters',
  ]);
  await w.page.evaluate(() => {
    for (let i = 0; i < 36; i++) (window as unknown as HostWindow).Widget.track('tick', { i });
  });
  await expect.poll(() => posts(w, '/widget/events').length, { timeout: 10_000 }).toBe(30);
  // A user.set queued after the 36 tracks is answered only once all 36 were decided: none sent more.
  await userSet(w, { email: EMAIL, hmac: hmac(secret) });
  await expect.poll(() => posts(w, '/widget/identify').length).toBe(2);
  expect(posts(w, '/widget/events')).toHaveLength(30);
  expect(posts(w, '/widget/events').every((r) => r.status === 204)).toBe(true);
  expect(w.warnings.slice(4)).toEqual(['[widget] more than 30 track calls a minute; the rest are dropped']);
  await w.close();
});

it('with feature.contacts.event_tracking off, track is a silent no-op', async () => {
  const dark = await seedWorkspace();
  await ops(['flag', dark.workspaceId, 'feature.contacts.event_tracking', 'off']);
  const darkSecret = await rotateIdentitySecret(dark);
  const w = await open('/id/dark', dark.websiteId);
  await track(w, 'anything');
  await track(w, 'Bad Name');
  // The user.set queued after them is answered once anything they queued has run: nothing was.
  await userSet(w, { email: EMAIL, hmac: hmac(darkSecret) });
  await expect.poll(() => posts(w, '/widget/identify').map((r) => r.status)).toEqual([200]);
  await track(w, 'identified_now');
  await userSet(w, { email: EMAIL, hmac: hmac(darkSecret) });
  await expect.poll(() => posts(w, '/widget/identify').length).toBe(2);
  expect(posts(w, '/widget/events')).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('rotating the identity secret unverifies the visitor until user.set with the new secret', async () => {
  const own = await seedWorkspace();
  const first = await rotateIdentitySecret(own);
  const w = await open('/id/rotation', own.websiteId);
  await userSet(w, { email: EMAIL, hmac: hmac(first) });
  await track(w, 'before');
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([204]);
  const second = await rotateIdentitySecret(own);
  await track(w, 'after');
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([204, 409]);
  await userSet(w, { email: EMAIL, hmac: hmac(second) });
  await track(w, 'again');
  await expect.poll(() => posts(w, '/widget/events').map((r) => r.status)).toEqual([204, 409, 204]);
  await w.close();
});
