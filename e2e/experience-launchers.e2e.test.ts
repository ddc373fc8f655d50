import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import {
  authorSurfaces,
  consent,
  rect,
  region,
  surfaceWatch,
  tooltip,
  under,
} from './support/experience-surfaces';
import { dialog, experiencePage, frames, freshWorkspace, step } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { launcher, panelFrame, waitForLauncher } from './support/widget';

/**
 * Launchers (widget/chunks/launcher, widget/core/surfaces.ts) in Chromium: the minified build on host pages
 * of another origin than the service, under the strict CSP of the other widget e2e files. Launchers and
 * banners are authored through the portal operations on a fresh workspace per test; the page is driven by
 * role and accessible name, and the network log is the proof of the seen records and the beacons.
 */
let browser: Browser;
let host: HostServer;

beforeAll(async () => {
  [browser, host] = await Promise.all([launchChromium(), startHostServer()]);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

const BODY =
  '<main><h1>Dashboard</h1><nav><button id="billing">Billing</button> <button id="reports">Reports</button> ' +
  '<button id="pricing">Pricing</button></nav><p>Welcome back.</p></main>';
const CSS = 'nav{display:flex;gap:48px;margin-top:24px}';
const tip = (page: Page, name = 'Show tip') => page.getByRole('button', { name, exact: true });

/** The decisions of a page load have come (boot, then the realtime socket's ready). */
async function loaded(w: { decisions(): unknown[] }, before: number) {
  await expect.poll(() => w.decisions().length).toBe(before + 2);
}

it('a click tooltip launcher beside its target: each opening is one activation (a seen post with url and version_id); no longer delivered, it stays for this page; another page shows what its decision brings', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  const l = await a.launcher('Billing tip', tooltip('#billing', 'Invoices live here.'), under('/lx/click'));
  const w = await surfaceWatch(browser);
  const css = `${CSS}nav{justify-content:center}main{padding-bottom:1600px}`;
  await w.page.goto(experiencePage(host, '/lx/click', ws.websiteId, BODY, { css }));
  const beacon = tip(w.page);
  await beacon.waitFor();
  // Beside its target, on its right, at its height; it follows the target on scroll and resize.
  const beside = async () => {
    const t = await rect(w.page, '#billing');
    const b = (await beacon.boundingBox())!;
    return b.x >= t.right && b.x < t.right + 20 && b.y >= t.top - 2 && b.y + b.height <= t.bottom + 2;
  };
  await expect.poll(beside).toBe(true);
  await w.page.evaluate(() => window.scrollTo(0, 60));
  await expect.poll(beside).toBe(true);
  await w.page.setViewportSize({ width: 700, height: 760 });
  await expect.poll(beside).toBe(true);
  // Its target scrolled out of view: hidden, not pinned to the viewport's edge; back in view, shown again.
  await w.page.evaluate(() => window.scrollTo(0, 1000));
  await expect.poll(() => beacon.isVisible()).toBe(false);
  await w.page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => beacon.isVisible()).toBe(true);
  await expect.poll(beside).toBe(true);
  expect(w.chunks('launcher')).toHaveLength(1);
  expect(w.chunks('banner')).toEqual([]);
  expect(w.delivered[0]).toEqual({ launchers: [l.id], banners: [] });
  expect(w.seen()).toEqual([]);

  const seenBody = (path: string) => ({ url: `${host.url}${path}`, version_id: l.live_version_id });
  await beacon.click();
  const bubble = w.page.getByRole('tooltip');
  await bubble.waitFor();
  expect(await bubble.textContent()).toBe('Invoices live here.');
  expect(await beacon.getAttribute('aria-describedby')).toBe(await bubble.getAttribute('id'));
  await expect
    .poll(() => w.seen().map((s) => [s.path, s.body]))
    .toEqual([[`/widget/experiences/${l.id}/seen`, seenBody('/lx/click')]]);
  // Clicking again closes it (no activation); a click elsewhere closes it too.
  await beacon.click();
  await expect.poll(() => bubble.count()).toBe(0);
  // From the keyboard: Enter opens (a second activation), Escape closes.
  await beacon.focus();
  await w.page.keyboard.press('Enter');
  await bubble.waitFor();
  await w.page.keyboard.press('Escape');
  await expect.poll(() => bubble.count()).toBe(0);
  await beacon.click();
  await bubble.waitFor();
  await w.page.getByRole('heading', { name: 'Dashboard' }).click();
  await expect.poll(() => bubble.count()).toBe(0);
  await expect.poll(() => w.seen().length).toBe(3);

  // A route change on the same page: its decision no longer delivers the launcher; it stays for this page.
  const before = w.delivered.length;
  await w.page.evaluate(() => history.pushState({}, '', '/lx/click?tab=2'));
  await expect.poll(() => w.delivered.length).toBeGreaterThan(before);
  expect(w.delivered.at(-1)).toEqual({ launchers: [], banners: [] });
  await frames(w.page);
  await beacon.click();
  await bubble.waitFor();
  await expect.poll(() => w.seen().at(-1)?.body).toEqual(seenBody('/lx/click?tab=2'));
  expect(w.seen()).toHaveLength(4);

  // Another page: what its decision brings (nothing).
  await w.page.evaluate(() => history.pushState({}, '', '/lx/elsewhere'));
  await expect.poll(() => beacon.count()).toBe(0);
  expect(await bubble.count()).toBe(0);
  // Never delivered again, after a reload too.
  await expect.poll(() => w.delivered.length).toBe(w.decisions().length);
  await expect
    .poll(() => w.requests.filter((r) => r.path.endsWith('/seen') && r.status === 200).length)
    .toBe(4);
  const n = w.decisions().length;
  await w.page.goto(experiencePage(host, '/lx/click', ws.websiteId, BODY, { css }));
  await loaded(w, n);
  await expect.poll(() => w.delivered.length).toBe(n + 2);
  await frames(w.page);
  expect(w.delivered.slice(-2)).toEqual([
    { launchers: [], banners: [] },
    { launchers: [], banners: [] },
  ]);
  expect(await beacon.count()).toBe(0);
  await w.clean();
  await w.close();
});

it('a hover launcher: hover or focus opens its tooltip, leaving closes it; each opening is one activation; a tap on a touch screen', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  const l = await a.launcher(
    'Reports tip',
    tooltip('#reports', 'Reports are rebuilt every night.', { kind: 'icon', activation: 'hover' }),
    under('/lx/hover'),
  );
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/lx/hover', ws.websiteId, BODY, { css: CSS }));
  const icon = tip(w.page);
  await icon.waitFor();
  const bubble = w.page.getByRole('tooltip');
  await icon.hover();
  await bubble.waitFor();
  expect(await bubble.textContent()).toBe('Reports are rebuilt every night.');
  await expect.poll(() => w.seen().length).toBe(1);
  await w.page.mouse.move(5, 700);
  await expect.poll(() => bubble.count()).toBe(0);
  await icon.hover();
  await bubble.waitFor();
  await w.page.mouse.move(5, 700);
  await expect.poll(() => bubble.count()).toBe(0);
  // Keyboard: Tab reaches it after the page's own controls (its element is at the end of the body, after
  // the support button); focus opens it, Escape closes it.
  await w.page.locator('#pricing').focus();
  for (let i = 0; i < 3 && !(await icon.evaluate((el) => el.matches(':focus'))); i++)
    await w.page.keyboard.press('Tab');
  await bubble.waitFor();
  expect(await icon.evaluate((el) => el.matches(':focus'))).toBe(true);
  await w.page.keyboard.press('Escape');
  await expect.poll(() => bubble.count()).toBe(0);
  await expect.poll(() => w.seen().length).toBe(3);
  expect(new Set(w.seen().map((s) => JSON.stringify(s.body)))).toEqual(
    new Set([JSON.stringify({ url: `${host.url}/lx/hover`, version_id: l.live_version_id })]),
  );
  await w.clean();
  await w.close();

  // A touch screen has no hover: a tap opens it.
  const { ws: ws2 } = await freshWorkspace();
  await (await authorSurfaces(ws2)).launcher(
    'Reports tip',
    tooltip('#reports', 'Tap tip.', { kind: 'icon', activation: 'hover' }),
    under('/lx/touch'),
  );
  const m = await surfaceWatch(browser, {
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 760 },
  });
  await m.page.goto(experiencePage(host, '/lx/touch', ws2.websiteId, BODY));
  await tip(m.page).tap();
  await m.page.getByRole('tooltip').waitFor();
  await expect.poll(() => m.seen().length).toBe(1);
  await m.clean();
  await m.close();
});

it('launcher actions: start_tour plays the tour, open_help opens the panel on Help, open_url navigates; each posts its seen record; keyboard operable', async () => {
  const { ws, author } = await freshWorkspace();
  const tour = await author.tour('Billing tour', [step('one', { title: 'Billing, step one' })]);
  const a = await authorSurfaces(ws);
  const on = under('/lx/actions');
  const start = await a.launcher(
    'Tour',
    {
      kind: 'button',
      target: { selector: '#billing' },
      label: 'Take the tour',
      activation: 'click',
      action: { type: 'start_tour', tour_id: tour.id },
    },
    on,
  );
  const help = await a.launcher(
    'Help',
    {
      kind: 'icon',
      target: { selector: '#reports' },
      label: null,
      activation: 'hover',
      action: { type: 'open_help' },
    },
    on,
  );
  const url = await a.launcher(
    'Pricing',
    {
      kind: 'beacon',
      target: { selector: '#pricing' },
      label: null,
      activation: 'click',
      action: { type: 'open_url', url: '/lx/destination' },
    },
    on,
  );
  host.page('/lx/destination', '<!doctype html><title>Destination</title><h1>Destination</h1>');
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/lx/actions', ws.websiteId, BODY, { css: CSS }));
  await waitForLauncher(w.page);
  const seenOf = (id: string) => w.seen().filter((s) => s.path === `/widget/experiences/${id}/seen`);

  await tip(w.page, 'Take the tour').click();
  const d = dialog(w.page, 'Billing, step one');
  await d.waitFor();
  await expect.poll(() => seenOf(start.id).map((s) => s.body?.version_id)).toEqual([start.live_version_id]);
  await d.getByRole('button', { name: 'Close tour' }).click();
  await expect.poll(() => d.count()).toBe(0);

  // open_help from the keyboard: hover or focus never runs an action, Enter does.
  const open = tip(w.page, 'Open help');
  await open.focus();
  await frames(w.page);
  expect(seenOf(help.id)).toEqual([]);
  await w.page.keyboard.press('Enter');
  await panelFrame(w.page).locator('.panel').waitFor();
  await panelFrame(w.page).getByRole('searchbox', { name: 'Search help' }).waitFor();
  await expect.poll(() => seenOf(help.id).length).toBe(1);
  await launcher(w.page, 'Close support').click();

  await tip(w.page, 'Open link').click();
  await w.page.waitForURL(`${host.url}/lx/destination`);
  expect(seenOf(url.id).map((s) => s.body)).toEqual([
    { url: `${host.url}/lx/actions`, version_id: url.live_version_id },
  ]);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('consent: no widget/beacons request before Widget.consent(true), launcher.shown / banner.shown / banner.clicked after, none after consent(false); the seen posts go out in every case', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  const on = under('/lx/consent');
  const l = await a.launcher('Tip', tooltip('#billing', 'A tip.'), on);
  const b = await a.banner(
    'Promo',
    { message: 'Spring promotion', button: { label: 'Get help', url: null, action: 'open_help' } },
    { targeting: on },
  );
  const w = await surfaceWatch(browser);
  const page = experiencePage(host, '/lx/consent', ws.websiteId, BODY, { css: CSS });
  const url = `${host.url}/lx/consent`;
  await w.page.goto(page);
  await tip(w.page).waitFor();
  await region(w.page, 'Spring promotion').waitFor();
  await region(w.page, 'Spring promotion').getByRole('button', { name: 'Get help' }).click();
  await panelFrame(w.page).locator('.panel').waitFor();
  await expect.poll(() => w.seen().length).toBe(1);
  await loaded(w, 0);
  await frames(w.page);
  expect(w.beacons).toEqual([]);

  await consent(w.page, true);
  const n = w.decisions().length;
  await w.page.goto(page);
  await loaded(w, n);
  await tip(w.page).waitFor();
  const ids = (x: { id: string; live_version_id: string }) => ({
    experience_id: x.id,
    version_id: x.live_version_id,
    url,
  });
  await expect
    .poll(() => [...w.beacons].sort((x, y) => String(x.kind).localeCompare(String(y.kind))))
    .toEqual([
      { kind: 'banner.shown', ...ids(b) },
      { kind: 'launcher.shown', ...ids(l) },
    ]);
  await region(w.page, 'Spring promotion').getByRole('button', { name: 'Get help' }).click();
  await expect.poll(() => w.beacons.at(-1)).toEqual({ kind: 'banner.clicked', ...ids(b) });
  // An activation is a seen post, never a beacon.
  await tip(w.page).click();
  await expect.poll(() => w.seen().length).toBe(3);
  await frames(w.page);
  expect(w.beacons).toHaveLength(3);

  await consent(w.page, false);
  const m = w.decisions().length;
  await w.page.goto(page);
  await loaded(w, m);
  await region(w.page, 'Spring promotion').getByRole('button', { name: 'Get help' }).click();
  await expect.poll(() => w.seen().length).toBe(4);
  await frames(w.page);
  expect(w.beacons).toHaveLength(3);
  await w.clean();
  await w.close();
});

it('a page with no launcher and no banner never fetches their chunks; a banner alone fetches neither the launcher chunk nor the positioning', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  await a.banner('Only banner', { message: 'Just a banner' }, { targeting: under('/lx/banner-only') });
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/lx/none', ws.websiteId, BODY));
  await waitForLauncher(w.page);
  await loaded(w, 0);
  await expect.poll(() => w.delivered.length).toBe(2);
  await frames(w.page);
  expect(w.delivered).toEqual([
    { launchers: [], banners: [] },
    { launchers: [], banners: [] },
  ]);
  expect(w.assets.filter((x) => /^(launcher|banner|position|target)-/.test(x))).toEqual([]);

  await w.page.goto(experiencePage(host, '/lx/banner-only', ws.websiteId, BODY));
  await region(w.page, 'Just a banner').waitFor();
  expect(w.chunks('banner')).toHaveLength(1);
  expect(w.chunks('launcher')).toEqual([]);
  expect(w.chunks('position')).toEqual([]);
  await w.clean();
  await w.close();
});

const TWO_PAGES = (n: 'one' | 'two', next: string) =>
  `<main><h1>Page ${n}</h1><nav><button id="a">A</button> <button id="b">B</button></nav>` +
  `<a href="${next}">Next page</a></main>`;

async function twoPages(prefix: string) {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  const one = under(`${prefix}/one`);
  const two = under(`${prefix}/two`);
  await a.launcher('One tip', tooltip('#a', 'First page tip.'), one);
  await a.launcher(
    'Two tip',
    { ...tooltip('#b', 'Second page tip.'), kind: 'button', label: 'Second tip' },
    two,
  );
  await a.banner('One banner', { message: 'Banner of page one' }, { targeting: one });
  await a.banner('Two banner', { message: 'Banner of page two' }, { targeting: two });
  return ws;
}

it('a Turbo body swap: the launcher (activated) and the banner on screen do not follow; the new page shows its own', async () => {
  const ws = await twoPages('/lx/turbo');
  const w = await surfaceWatch(browser);
  const page = (n: 'one' | 'two', next: string) =>
    experiencePage(host, `/lx/turbo/${n}`, ws.websiteId, TWO_PAGES(n, next), {
      head: '<script type="module" src="/turbo.js"></script>',
      css: CSS,
      // Turbo fetches the next page from the host and styles its progress bar inline (as in experiences.e2e).
      csp: false,
    });
  page('two', '/lx/turbo/one');
  await w.page.goto(page('one', '/lx/turbo/two'));
  await region(w.page, 'Banner of page one').waitFor();
  await tip(w.page).click();
  await w.page.getByRole('tooltip').waitFor();
  await w.page.keyboard.press('Escape');
  await w.page.getByRole('link', { name: 'Next page' }).click();
  await w.page.getByRole('heading', { name: 'Page two' }).waitFor();
  await region(w.page, 'Banner of page two').waitFor();
  await tip(w.page, 'Second tip').waitFor();
  expect(await region(w.page, 'Banner of page one').count()).toBe(0);
  expect(await tip(w.page).count()).toBe(0);
  expect(await w.page.getByRole('tooltip').count()).toBe(0);
  expect(await w.page.locator('[data-widget-chrome="banner-space"]').count()).toBe(1);
  // A body swap, not a page load.
  expect(await w.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('an htmx-style body swap (innerHTML of <body>, then pushState): nothing follows it; the new decision brings the new page’s launcher and banner', async () => {
  const ws = await twoPages('/lx/htmx');
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/lx/htmx/one', ws.websiteId, TWO_PAGES('one', '#'), { css: CSS }));
  await region(w.page, 'Banner of page one').waitFor();
  await tip(w.page).click();
  await w.page.getByRole('tooltip').waitFor();
  await w.page.evaluate(
    (html) => {
      document.body.innerHTML = html;
      history.pushState({}, '', '/lx/htmx/two');
    },
    TWO_PAGES('two', '#'),
  );
  await region(w.page, 'Banner of page two').waitFor();
  await tip(w.page, 'Second tip').waitFor();
  expect(await region(w.page, 'Banner of page one').count()).toBe(0);
  expect(await tip(w.page).count()).toBe(0);
  expect(await w.page.getByRole('tooltip').count()).toBe(0);
  await w.clean();
  await w.close();
});
