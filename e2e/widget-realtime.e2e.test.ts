import type { Browser, Page, WebSocket } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { identityHmac } from '../server-core/widget/identity-proof';
import { launchChromium } from './support/browser';
import { type HostServer, hostPage, snippet, startHostServer } from './support/host-server';
import { startTcpProxy } from './support/tcp-proxy';
import {
  type HostWindow,
  ops,
  rotateIdentitySecret,
  seedWorkspace,
  waitForLauncher,
  watchedPage,
} from './support/widget';

let browser: Browser;
let host: HostServer;
let websiteId: string;
const api = () => inject('serverUrl');

beforeAll(async () => {
  browser = await launchChromium();
  host = await startHostServer();
  // A workspace without experiences: the demo's tour (it starts by itself on any page) is not the subject here.
  websiteId = (await seedWorkspace()).websiteId;
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** Every realtime WebSocket the page opens, with the frames both ways. */
function watchSockets(page: Page) {
  const sockets: { ws: WebSocket; sent: string[]; received: string[]; closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/widget/realtime')) return;
    const entry = { ws, sent: [] as string[], received: [] as string[], closed: false };
    sockets.push(entry);
    ws.on('framesent', (f) => entry.sent.push(String(f.payload)));
    ws.on('framereceived', (f) => entry.received.push(String(f.payload)));
    ws.on('close', () => {
      entry.closed = true;
    });
  });
  const until = (what: string, check: () => boolean, ms = 15_000) =>
    expect
      .poll(check, {
        timeout: ms,
        message: `waiting for ${what}: ${JSON.stringify(sockets.map((s) => ({ url: s.ws.url(), sent: s.sent, received: s.received, closed: s.closed })))}`,
      })
      .toBe(true);
  const readies = (i: number) => sockets[i]?.received.filter((f) => f === '{"type":"ready"}').length ?? 0;
  return { sockets, until, readies };
}

/** A host page of the workspace under a strict CSP with this connect-src, recording violations. */
/** Two animation frames of the page: whatever the last change scheduled has run and been reported. */
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

async function strictPage(path: string, site: string, connectSrc: string, fakeClock = false) {
  const w = await watchedPage(browser);
  // A fake clock (still running) lets a test step past the widget's retry backoff instead of sleeping.
  if (fakeClock) await w.page.clock.install();
  await w.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const s = watchSockets(w.page);
  const csp = `default-src 'none'; script-src 'nonce-n0nce' 'strict-dynamic'; connect-src ${connectSrc}; img-src ${api()}; base-uri 'none'`;
  await w.page.goto(
    host.page(path, hostPage(snippet(api(), site, { nonce: 'n0nce' })), { 'Content-Security-Policy': csp }),
  );
  await waitForLauncher(w.page);
  const violations = () =>
    w.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  return { w, s, violations };
}

it('connects at boot under a strict CSP naming the service and its ws: origin, and authenticates again after user.set', async () => {
  const ws = await seedWorkspace();
  const secret = await rotateIdentitySecret(ws);
  const wsOrigin = api().replace('http:', 'ws:');
  const { w, s, violations } = await strictPage('/realtime/csp', ws.websiteId, `${api()} ${wsOrigin}`);
  await s.until('ready', () => s.readies(0) === 1);
  expect(s.sockets[0]!.ws.url()).toBe(`${wsOrigin}/widget/realtime`);
  expect(JSON.parse(s.sockets[0]!.sent[0]!)).toMatchObject({
    type: 'auth',
    token: expect.stringMatching(/^wvt_/),
  });

  const email = 'ada@example.com';
  await w.page.evaluate(
    ({ email, hmac }) => (window as unknown as HostWindow).Widget.user.set({ email, hmac }),
    { email, hmac: identityHmac(secret, email) },
  );
  await s.until('a second ready on the same socket', () => s.readies(0) === 2);
  expect(s.sockets).toHaveLength(1);
  expect(s.sockets[0]!.sent.map((f) => JSON.parse(f).type)).toEqual(['auth', 'auth']);
  expect(await violations()).toEqual([]);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('under a CSP whose connect-src names only the http: origin (which does not cover ws:), warns once and stops', async () => {
  const { w, s, violations } = await strictPage('/realtime/csp-http-only', websiteId, api(), true);
  const wsOrigin = api().replace('http:', 'ws:');
  await expect.poll(() => w.warnings.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await w.page.clock.runFor(2500); // past the first retry's longest wait (backoff 1 s, at most 2 s with jitter)
  expect(w.warnings).toEqual([
    `[widget] realtime is blocked by the page's Content-Security-Policy: add ${wsOrigin} to connect-src`,
  ]);
  expect(await violations()).toEqual([`connect-src ${wsOrigin}/widget/realtime`]);
  expect(s.sockets.every((x) => x.received.length === 0)).toBe(true);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('reconnects after the connection drops, and keeps one socket across Turbo body swaps', async () => {
  const proxy = await startTcpProxy(api());
  try {
    const w = await watchedPage(browser);
    const s = watchSockets(w.page);
    const page = (title: string, next: string) =>
      hostPage(
        `<script type="module" src="/turbo.js"></script>${snippet(proxy.url, websiteId)}`,
        `<main><h1>${title}</h1><a href="${next}">Next</a></main>`,
      );
    host.page('/realtime/one', page('One', '/realtime/two'));
    host.page('/realtime/two', page('Two', '/realtime/one'));
    await w.page.goto(`${host.url}/realtime/one`);
    await waitForLauncher(w.page);
    await s.until('ready', () => s.readies(0) === 1);
    expect(s.sockets[0]!.ws.url()).toBe(`${proxy.url.replace('http:', 'ws:')}/widget/realtime`);

    for (const title of ['Two', 'One', 'Two']) {
      await w.page.getByRole('link', { name: 'Next' }).click();
      await w.page.getByRole('heading', { name: title }).waitFor();
    }
    await w.page.goBack(); // Turbo's restoration visit
    await w.page.getByRole('heading', { name: 'One' }).waitFor();
    await waitForLauncher(w.page);
    await frames(w.page); // a socket opened in reaction to the swaps would be reported by now
    expect(s.sockets).toHaveLength(1);
    expect(s.sockets[0]!.closed).toBe(false);

    const dropped = Date.now();
    proxy.cut();
    await s.until('the socket closed', () => s.sockets[0]!.closed);
    await s.until('a new socket authenticated', () => s.readies(1) === 1);
    // The first retry waits between 0.5 and 1 s.
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(450);
    expect(s.sockets).toHaveLength(2);
    expect(w.warnings).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.close();
  } finally {
    await proxy.close();
  }
});

it('with feature.experiences.core off the socket still opens (it serves chat), and no experience request is made', async () => {
  const ws = await seedWorkspace();
  await ops(['flag', ws.workspaceId, 'feature.experiences.core', 'off']);
  const w = await watchedPage(browser);
  const s = watchSockets(w.page);
  await w.page.goto(host.page('/realtime/off', hostPage(snippet(api(), ws.websiteId))));
  await waitForLauncher(w.page);
  await s.until('ready', () => s.readies(0) === 1);
  expect(s.sockets).toHaveLength(1);
  expect(w.requests.filter((r) => r.path.startsWith('/widget/experiences'))).toEqual([]);
  expect(w.requests.filter((r) => r.path.startsWith('/widget/boot'))).toHaveLength(1);
  expect(w.warnings).toEqual([]);
  await w.close();
});
