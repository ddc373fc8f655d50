import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createDomainProofFetcher } from '../../../runtime/http/domain-proof-fetcher';
import { manualClock } from '../../../server-core/lib/clock';
import { ensureDemoContent } from '../../../server-core/setup/demo-content';
import { DEMO_CART_EVENT, DEMO_STORE_TOUR_STEPS } from '../../../server-core/setup/demo-experiences';
import { getDemoWorkspaceId, seedDemoWorkspace } from '../../../server-core/setup/demo-seed';
import {
  DEMO_SETUP_DETAILS_PATH,
  DEMO_SETUP_PATH,
  findDemoSetupGuide,
} from '../../../server-core/setup/demo-setup-guide';
import { DEMO_FEEDBACK_PATH, DEMO_LAUNCHER } from '../../../server-core/setup/demo-visible-experiences';
import { ensureDemoWidget } from '../../../server-core/setup/demo-widget';
import { describeDb } from '../../../server-core/testing/db';
import { makeWorkspace } from '../../../server-core/testing/fixtures';
import { letterEmbedder } from '../../../server-core/testing/letter-embedder';
import { buildApp } from '../../app';
import { silentLogger } from '../../logger';
import { createServices } from '../../services';
import { testConfig } from '../../testing/services';

const PUBLIC_URL = 'http://localhost:9999';

/** What a strict CSP page may hold: nonce'd <script> and <style> only, no inline handlers or style attributes. */
function expectCspClean(html: string, nonce: string) {
  expect(html).not.toMatch(/\sstyle\s*=/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/<script(?! nonce="| async nonce=")/);
  for (const tag of html.match(/<(script|style)\b[^>]*>/g) ?? []) expect(tag).toContain(`nonce="${nonce}"`);
  // No external assets: every URL the page loads or links is its own (relative) or the service's.
  for (const m of html.matchAll(/\s(?:src|href)="([^"]*)"/g)) {
    const url = m[1]!;
    if (/^[a-z]+:/i.test(url)) expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  }
}

describeDb('site: the demo store, its feedback page, the widget harness and the favicon', (getDb) => {
  const services = () =>
    createServices({
      db: getDb(),
      clock: manualClock(),
      config: testConfig({ PUBLIC_URL }),
      logger: silentLogger,
      masterKey: randomBytes(32),
      domainProof: createDomainProofFetcher({ allowHosts: [] }),
    });
  const make = () => buildApp(services());
  const page = async (app: ReturnType<typeof make>, path: string) => {
    const res = await app.request(path);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1] ?? '';
    return { res, csp, nonce, html: await res.text() };
  };

  it('/demo is a small store: header, products, a cart, help links, a footer, under the strict CSP', async () => {
    const db = getDb();
    await seedDemoWorkspace(db, new Date());
    const { res, csp, nonce, html } = await page(make(), '/demo');
    expect(res.status).toBe(200);
    expect(csp).toContain("style-src 'nonce-");
    expect(csp).toContain("default-src 'none'");
    // The API and its realtime socket (a ws: source must be named: http: does not cover it).
    expect(csp).toContain(`connect-src ${PUBLIC_URL} ${PUBLIC_URL.replace('http:', 'ws:')};`);
    expect(html).toContain(`<script async nonce="${nonce}" src="${PUBLIC_URL}/cdn/l.js"></script>`);
    expectCspClean(html, nonce);
    expect(html).toContain('<header>');
    expect(html).toContain('<footer>');
    expect(html).toMatch(
      /<button type="button" class="cart" id="cart" data-cart>Cart <strong id="count">0<\/strong><\/button>/,
    );
    // The store tour's anchored steps point at elements of this page, by id.
    for (const step of DEMO_STORE_TOUR_STEPS.filter((s) => s.target)) {
      const id = /^#([a-z-]+)$/.exec(step.target!.selector)?.[1];
      expect(id, step.id).toBeDefined();
      expect(html.match(new RegExp(`\\sid="${id}"`, 'g')), step.target!.selector).toHaveLength(1);
    }
    // Add to cart tells the widget (Widget.event.push), which ticks off the program's event item.
    expect(html).toContain(`q(['event.push', "${DEMO_CART_EVENT}"]);`);
    expect(html.match(/<li class="card">/g)).toHaveLength(4);
    expect(html.match(/aria-label="Add [^"]+ to cart"/g)).toHaveLength(4);
    expect(html).toContain('data-article="track-your-order"');
    expect(html).toContain('<a href="/demo/api">Developer harness: every Widget call</a>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // The basket launcher's beacon is anchored to an element of this page; the nav leads to the survey's page.
    expect(DEMO_LAUNCHER.target.selector).toBe('#cart');
    expect(html.match(/\sid="cart"/g)).toHaveLength(1);
    expect(html).toMatch(/<nav aria-label="Main">.*<a href="\/demo\/feedback">Feedback<\/a><\/nav>/);
    // No Widget-call buttons on the store: those live on the harness.
    expect(html).not.toContain('data-call');
  });

  it('/demo/feedback is the second demo page, where the survey asks: the same snippet and strict CSP, linked both ways', async () => {
    const db = getDb();
    await seedDemoWorkspace(db, new Date());
    const app = make();
    const { res, csp, nonce, html } = await page(app, DEMO_FEEDBACK_PATH);
    expect(DEMO_FEEDBACK_PATH).toBe('/demo/feedback');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(csp).toBe((await page(app, '/demo')).csp.replace(/nonce-[^']+/g, `nonce-${nonce}`));
    expect(html).toContain(`<script async nonce="${nonce}" src="${PUBLIC_URL}/cdn/l.js"></script>`);
    expectCspClean(html, nonce);
    expect(html).toContain('<h1>Thanks for shopping with us</h1>');
    expect(html).toContain('<a href="#feedback" aria-current="page">Feedback</a>');
    expect(html).toContain('<a href="/demo">Back to the demo store</a>');
    expect(html).toContain('<a href="/demo/api">Developer harness: every Widget call</a>');
    // No script of its own (the snippet in the head is all): the survey is the widget's.
    expect(html.split('</head>')[1]).not.toContain('<script');
  });

  it('/demo/app/setup and its details page: a two-page form with Show me and Do it for me on the published guide', async () => {
    const db = getDb();
    await seedDemoWorkspace(db, new Date());
    await ensureDemoContent(db, new Date(), letterEmbedder);
    const guide = (await findDemoSetupGuide(db, (await getDemoWorkspaceId(db))!))!;
    const app = make();
    const first = await page(app, DEMO_SETUP_PATH);
    expect(first.res.status).toBe(200);
    expectCspClean(first.html, first.nonce);
    expect(first.html).toContain('<label for="team-name">Team name<input id="team-name"');
    expect(first.html).toContain('<button type="button" id="show-me" class="primary">Show me</button>');
    expect(first.html).toContain('<button type="button" id="do-it">Do it for me</button>');
    expect(first.html).toContain(`data-guide="${guide.id}"`);
    // The pre-fill is keyed by step id, and proposes nothing for the buttons.
    const prefill = JSON.parse(
      /data-prefill="([^"]*)"/.exec(first.html)![1]!.replaceAll('&quot;', '"'),
    ) as Record<string, string>;
    expect(prefill).toEqual({
      [guide.stepIds.team]: 'Acme support',
      [guide.stepIds.email]: 'sam@example.com',
      [guide.stepIds.role]: 'agent',
    });
    expect(first.html).toContain(`location.assign("${DEMO_SETUP_DETAILS_PATH}")`);
    const second = await page(app, DEMO_SETUP_DETAILS_PATH);
    expect(second.res.status).toBe(200);
    expectCspClean(second.html, second.nonce);
    expect(second.html).toContain('<select id="invite-role" name="role">');
    expect(second.html).toContain('<button type="submit" id="setup-finish">Finish setup</button>');
    expect(second.html).toContain('<p role="status" id="setup-status"></p>');
    expect((await page(app, '/demo')).html).toContain(
      `<a href="${DEMO_SETUP_PATH}">Team setup app: walkthrough and automation</a>`,
    );
    // Another workspace without the guide: the form, and no help buttons.
    const ws = await makeWorkspace(db);
    const other = await page(app, `${DEMO_SETUP_PATH}?website_id=${ws.website_id}`);
    expect(other.res.status).toBe(200);
    expect(other.html).not.toContain('id="show-me"');
    expect(other.html).toContain(
      `href="${DEMO_SETUP_PATH}?website_id=${ws.website_id}"`.replace(DEMO_SETUP_PATH, '/demo'),
    );
  });

  it('/demo/api is the developer harness: a button per Widget call, identities signed on the server', async () => {
    const db = getDb();
    await seedDemoWorkspace(db, new Date());
    const s = services();
    await ensureDemoWidget(db, s.box, new Date(), PUBLIC_URL);
    const { res, nonce, html } = await page(buildApp(s), '/demo/api');
    expect(res.status).toBe(200);
    expectCspClean(html, nonce);
    for (const call of [
      `data-call='["open"]'`,
      `data-call='["close"]'`,
      `data-call='["toggle"]'`,
      `data-call='["helpdesk.query","password"]'`,
      `data-call='["helpdesk.openArticle","track-your-order"]'`,
      `data-call='["track","demo_button_clicked",{"source":"demo"}]'`,
      `data-call='["consent",true]'`,
      'data-identify="hmac"',
      'data-identify="token"',
      'data-forget',
      'data-nav="pricing"',
      'data-back',
      'data-swap',
    ])
      expect(html, call).toContain(call);
    expect(html).not.toMatch(/data-identify="hmac" disabled/);
    expect(html).toMatch(/var identity = \{"email":"ada@demo.test","hmac":"[0-9a-f]{64}","token":"ey/);
    expect(html).toContain('<a href="/demo">Back to the demo store</a>');
  });

  it('?website_id= carries to the other page; unknown ids are 404 on both', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const app = make();
    const store = await page(app, `/demo?website_id=${ws.website_id.toUpperCase()}`);
    expect(store.html).toContain(`"${ws.website_id}"`);
    expect(store.html).toContain(`<a href="/demo/api?website_id=${ws.website_id}">`);
    expect(store.html).toContain(`<a href="/demo/feedback?website_id=${ws.website_id}">Feedback</a>`);
    const feedback = await page(app, `/demo/feedback?website_id=${ws.website_id}`);
    expect(feedback.html).toContain(`"${ws.website_id}"`);
    expect(feedback.html).toContain(`<a href="/demo?website_id=${ws.website_id}">Back to the demo store</a>`);
    const api = await page(app, `/demo/api?website_id=${ws.website_id}`);
    expect(api.html).toContain(`"${ws.website_id}"`);
    expect(api.html).toContain(`<a href="/demo?website_id=${ws.website_id}">Back to the demo store</a>`);
    // No identity secret on this workspace: the identity buttons say so by being disabled.
    expect(api.html).toMatch(/data-identify="hmac" disabled/);
    for (const path of ['/demo', '/demo/api', DEMO_FEEDBACK_PATH]) {
      expect((await app.request(`${path}?website_id=01jd2m7r3x8k9q4w5e6t7y8v9a`)).status, path).toBe(404);
      expect((await app.request(`${path}?website_id=<script>`)).status, path).toBe(404);
    }
  });

  it('serves a favicon: an SVG the pages link and an .ico for browsers that ask on their own', async () => {
    const app = make();
    const svg = await app.request('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const ico = await app.request('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers.get('Content-Type')).toBe('image/x-icon');
    expect(ico.headers.get('Cache-Control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await ico.arrayBuffer());
    // ICONDIR (reserved 0, type 1 icon, 1 image), a 16 x 16 32-bit entry whose bytes follow at 22.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([bytes[6], bytes[7], bytes.readUInt16LE(12)]).toEqual([16, 16, 32]);
    expect(bytes.readUInt32LE(18)).toBe(22);
    expect(bytes.readUInt32LE(14)).toBe(bytes.length - 22);
  });
});
