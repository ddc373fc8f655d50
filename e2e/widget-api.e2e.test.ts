import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { type HostServer, hostPage, snippet, startHostServer } from './support/host-server';
import { demoCredentials } from './support/server';
import {
  type HostWindow,
  launcher,
  panelFrame,
  showHelp,
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
  websiteId = demoCredentials(inject('serverDataDir')).websiteId;
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

it('replays calls queued before the bundle loads, in order, and adds no global but the three', async () => {
  const w = await watchedPage(browser);
  await w.page.addInitScript(() => {
    (window as unknown as { __baseline: string[] }).__baseline = Object.getOwnPropertyNames(window);
  });
  const url = host.page(
    '/api/queue',
    hostPage(
      snippet(api(), websiteId, {
        queued:
          'window.__log=[];' +
          "$widget.push(['on','open',function(){__log.push('open')}]);" +
          "$widget.push(['on','close',function(){__log.push('close')}]);" +
          "$widget.push(['open']);$widget.push(['close']);$widget.push(['helpdesk.query','password']);",
      }),
    ),
  );
  await w.page.goto(url);
  const frame = panelFrame(w.page);
  await expect
    .poll(() => frame.getByRole('searchbox', { name: 'Search help' }).inputValue())
    .toBe('password');
  await frame.getByRole('button', { name: 'Reset your password' }).waitFor();
  expect(await w.page.evaluate(() => (window as unknown as { __log: string[] }).__log)).toEqual([
    'open',
    'close',
    'open',
  ]);
  const added = await w.page.evaluate(() => {
    const before = new Set((window as unknown as { __baseline: string[] }).__baseline);
    return Object.getOwnPropertyNames(window).filter((n) => !before.has(n) && !n.startsWith('__'));
  });
  expect(added.sort()).toEqual(['$widget', 'WIDGET_WEBSITE_ID', 'Widget']);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(w.requests.filter((r) => r.path.startsWith('/widget/boot'))).toHaveLength(1);
  await w.close();
});

it('open, close, toggle after load; $widget reassignment hands the new array over; the snippet again is harmless', async () => {
  const w = await watchedPage(browser);
  const url = host.page('/api/calls', hostPage(snippet(api(), websiteId)));
  await w.page.goto(url);
  await waitForLauncher(w.page);
  const dialog = w.page.getByRole('dialog', { name: 'Support' });
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.open());
  await dialog.waitFor({ state: 'visible' });
  expect(await launcher(w.page, 'Close support').getAttribute('aria-expanded')).toBe('true');
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.close());
  await dialog.waitFor({ state: 'hidden' });
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.toggle());
  await dialog.waitFor({ state: 'visible' });
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.toggle());
  await dialog.waitFor({ state: 'hidden' });

  // A later `$widget = []` (what a second run of the snippet does) hands the new array to the widget.
  await w.page.evaluate(() => {
    (window as unknown as HostWindow).$widget = [['open']];
    (window as unknown as HostWindow).$widget.push(['helpdesk.openArticle', 'track-your-order']);
  });
  await panelFrame(w.page).getByRole('heading', { name: 'Track your order' }).waitFor();

  // Running the whole snippet again: still one launcher, one boot, and its new queue works.
  await w.page.evaluate(
    ({ api, websiteId }) =>
      new Promise<void>((resolve) => {
        (window as unknown as HostWindow).$widget = [];
        (window as unknown as { WIDGET_WEBSITE_ID: string }).WIDGET_WEBSITE_ID = websiteId;
        const s = document.createElement('script');
        s.src = `${api}/cdn/l.js`;
        s.onload = () => resolve();
        document.head.appendChild(s);
      }),
    { api: api(), websiteId },
  );
  await w.page.evaluate(() => (window as unknown as HostWindow).$widget.push(['close']));
  await dialog.waitFor({ state: 'hidden' });
  expect(await w.page.locator('[data-widget-chrome="launcher"]').count()).toBe(1);
  expect(w.requests.filter((r) => r.path.startsWith('/widget/boot'))).toHaveLength(1);

  // init is idempotent: the same id is a no-op, another id is refused with one warning.
  await w.page.evaluate((id) => (window as unknown as HostWindow).Widget.init({ websiteId: id }), websiteId);
  expect(w.warnings).toEqual([]);
  await w.page.evaluate(() =>
    (window as unknown as HostWindow).Widget.init({ websiteId: '01jd2m7r3x8k9q4w5e6t7y8v9a' }),
  );
  await expect
    .poll(() => w.warnings)
    .toEqual([`[widget] init: the widget already runs for website id ${websiteId}`]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('Widget.init boots a page without WIDGET_WEBSITE_ID (the programmatic install)', async () => {
  const w = await watchedPage(browser);
  const url = host.page(
    '/api/init',
    hostPage(
      `<script>window.$widget=[['init',{websiteId:${JSON.stringify(websiteId)}}],['init',{websiteId:${JSON.stringify(websiteId)}}]];</script><script async src="${api()}/cdn/l.js"></script>`,
    ),
  );
  await w.page.goto(url);
  await waitForLauncher(w.page).catch((e) => {
    throw new Error(
      `${e}\n${JSON.stringify({ warnings: w.warnings, errors: w.errors, requests: w.requests })}`,
    );
  });
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('on returns an unsubscribe; a throwing listener is swallowed with a warning', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/api/on', hostPage(snippet(api(), websiteId))));
  await waitForLauncher(w.page);
  const log = await w.page.evaluate(async () => {
    const seen: string[] = [];
    const off = (window as unknown as HostWindow).Widget.on('open', () => seen.push('a'));
    (window as unknown as HostWindow).Widget.on('open', () => {
      throw new Error('boom');
    });
    (window as unknown as HostWindow).Widget.on('open', () => seen.push('b'));
    (window as unknown as HostWindow).Widget.on('close', () => seen.push('closed'));
    // Listeners run in the order they subscribed: one subscribed last has run after all the others.
    const after = (event: string) =>
      new Promise<void>((resolve) => {
        const unsubscribe = (window as unknown as HostWindow).Widget.on(event, () => {
          unsubscribe();
          resolve();
        });
      });
    let emitted = after('open');
    (window as unknown as HostWindow).Widget.open();
    await emitted;
    off();
    emitted = after('close');
    (window as unknown as HostWindow).Widget.close();
    await emitted;
    emitted = after('open');
    (window as unknown as HostWindow).Widget.open();
    await emitted;
    const noop = (window as unknown as HostWindow).Widget.on('nope', () => {});
    return { seen, noopIsFunction: typeof noop === 'function' };
  });
  expect(log).toEqual({ seen: ['a', 'b', 'closed', 'b'], noopIsFunction: true });
  expect(w.errors).toEqual([]);
  expect(w.warnings).toHaveLength(3);
  expect(w.warnings[0]).toMatch(/^\[widget\] a "open" listener threw Error: boom/);
  expect(w.warnings[1]).toMatch(/^\[widget\] a "open" listener threw Error: boom/);
  expect(w.warnings[2]).toBe(
    '[widget] on: unknown event "nope" or no handler; events: open, close, message:received, experience:completed',
  );
  await w.close();
});

it('event.push, walkthrough and automation calls without a guide id and malformed queue entries warn and never throw', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/api/misc', hostPage(snippet(api(), websiteId))));
  await waitForLauncher(w.page);
  await w.page.evaluate(() => {
    (window as unknown as HostWindow).Widget.event.push('plan_viewed');
    (window as unknown as HostWindow).Widget.event.push('Bad Name');
    (window as unknown as HostWindow).Widget.walkthrough.start('not-a-guide-id');
    (window as unknown as HostWindow).Widget.automation.run(42 as never);
    (window as unknown as HostWindow).$widget.push('open' as never);
    (window as unknown as HostWindow).$widget.push(['no.such.call'] as never);
    (window as unknown as HostWindow).Widget.helpdesk.openArticle(42 as never);
  });
  await expect.poll(() => w.warnings.length).toBe(6);
  expect(w.warnings).toEqual([
    '[widget] event.push("Bad Name"): event names must match ^[a-z][a-z0-9_.:-]{0,63}$',
    "[widget] walkthrough.start needs a guide's id",
    "[widget] automation.run needs a guide's id",
    expect.stringMatching(/^\[widget\] a queued call must be an array/),
    '[widget] unknown call "no.such.call"',
    '[widget] helpdesk.openArticle needs an article slug',
  ]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('consent is kept per browser; forget removes every widget: key from both storages and never throws', async () => {
  const w = await watchedPage(browser);
  const url = host.page('/api/forget', hostPage(snippet(api(), websiteId)));
  await w.page.goto(url);
  await waitForLauncher(w.page);
  const before = await w.page.evaluate(() => {
    (window as unknown as HostWindow).Widget.consent(true);
    sessionStorage.setItem('widget:walkthrough', '{}');
    localStorage.setItem('host:own', 'keep');
    return { ...localStorage };
  });
  expect(before['widget:consent']).toBe('granted');
  expect(before['widget:visitor']).toMatch(/^wvt_/);
  const after = await w.page.evaluate(() => {
    (window as unknown as HostWindow).Widget.forget();
    return { local: { ...localStorage }, session: { ...sessionStorage } };
  });
  expect(after).toEqual({ local: { 'host:own': 'keep' }, session: {} });
  // Storage that throws (a locked-down browser) still never breaks the page.
  const threw = await w.page.evaluate(() => {
    Storage.prototype.removeItem = () => {
      throw new Error('denied');
    };
    try {
      (window as unknown as HostWindow).Widget.forget();
      return false;
    } catch {
      return true;
    }
  });
  expect(threw).toBe(false);
  // After the full page load that must follow, the browser is a new visitor.
  await w.page.reload();
  await waitForLauncher(w.page);
  const token = await w.page.evaluate(() => localStorage.getItem('widget:visitor'));
  expect(token).toMatch(/^wvt_/);
  expect(token).not.toBe(before['widget:visitor']);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('the Help tab searches, opens and goes back; helpdesk.query and openArticle drive it', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/api/help', hostPage(snippet(api(), websiteId))));
  await waitForLauncher(w.page);
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  await showHelp(frame);
  const search = frame.getByRole('searchbox', { name: 'Search help' });
  await frame.getByRole('list', { name: 'Articles' }).waitFor();
  await search.fill('refund');
  await frame.getByRole('button', { name: 'Returns and refunds' }).click();
  await frame.getByRole('heading', { name: 'Returns and refunds' }).waitFor();
  await frame.getByRole('button', { name: 'Back to articles' }).click();
  await search.fill('zebra crossing');
  await frame.getByRole('status').filter({ hasText: 'No articles match “zebra crossing”.' }).waitFor();
  // Authenticated and internal articles are not for an anonymous visitor.
  await search.fill('plan');
  await frame.getByRole('status').filter({ hasText: 'No articles match “plan”.' }).waitFor();
  await w.page.evaluate(() =>
    (window as unknown as HostWindow).Widget.helpdesk.openArticle('refund-approval-playbook'),
  );
  await frame.getByRole('status').filter({ hasText: 'This article is not available.' }).waitFor();
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.helpdesk.query('order'));
  await frame.getByRole('button', { name: 'Track your order' }).waitFor();
  expect(await search.inputValue()).toBe('order');
  expect(w.errors).toEqual([]);
  await w.close();
});
