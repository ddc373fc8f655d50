import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { authorSurfaces, rect, region, surfaceWatch, under } from './support/experience-surfaces';
import { experiencePage, frames, freshWorkspace } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { panelFrame, waitForLauncher } from './support/widget';

/**
 * Banners (widget/chunks/banner, widget/core/surfaces.ts) in Chromium on host pages of another origin under
 * the strict CSP: placements (sticky top and bottom reserve their room, non-sticky top scrolls away,
 * before / after / inside_top in the flow), one seen post per rendering, dismissal, frequency once and
 * unlimited, the button, the keyboard.
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

const LONG =
  '<main><h1 id="first">First line of the page</h1><section id="box"><p>Inside the box</p></section>' +
  '<div id="tall"></div><p id="end">Last line of the page</p></main>';
const CSS = '#tall{height:2400px}main{padding:0 24px}h1{margin:0}#end{margin:0}';

it('placements: sticky top and bottom stay in view and reserve their room (nothing of the page covered); before, after and inside_top sit in the flow at their element; one seen post each', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  const on = { targeting: under('/bx/places') };
  const top = await a.banner('Top', { message: 'Sticky top banner' }, on);
  await a.banner('Bottom', { message: 'Sticky bottom banner', placement: 'bottom' }, on);
  const target = { selector: '#box' };
  await a.banner('Before', { message: 'Before the box', placement: 'before', target }, on);
  await a.banner('After', { message: 'After the box', placement: 'after', target }, on);
  await a.banner('Inside', { message: 'Inside the box, first', placement: 'inside_top', target }, on);
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/bx/places', ws.websiteId, LONG, { css: CSS }));
  for (const name of [
    'Sticky top banner',
    'Sticky bottom banner',
    'Before the box',
    'After the box',
    'Inside the box, first',
  ])
    await region(w.page, name).waitFor();
  await frames(w.page);
  const vh = 760;
  const t = (await region(w.page, 'Sticky top banner').boundingBox())!;
  const b = (await region(w.page, 'Sticky bottom banner').boundingBox())!;
  expect(t.y).toBe(0);
  expect(Math.round(b.y + b.height)).toBe(vh);
  // The page's first line starts below the top banner: its room is reserved, nothing is covered.
  expect((await rect(w.page, '#first')).top).toBeGreaterThanOrEqual(t.height - 0.5);
  // The anchored ones are in the flow: before, inside (first child) and after the element.
  const places = await w.page.evaluate(() => {
    const box = document.querySelector('#box')!;
    const name = (el: Element | null) =>
      el?.getAttribute('data-widget-chrome') === 'banner'
        ? el.shadowRoot!.querySelector('p')!.textContent
        : null;
    return [name(box.previousElementSibling), name(box.firstElementChild), name(box.nextElementSibling)];
  });
  expect(places).toEqual(['Before the box', 'Inside the box, first', 'After the box']);

  // Scrolled to the end: both sticky banners still in view, the last line above the bottom one.
  await w.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await frames(w.page);
  expect((await region(w.page, 'Sticky top banner').boundingBox())!.y).toBe(0);
  expect(Math.round((await region(w.page, 'Sticky bottom banner').boundingBox())!.y)).toBe(Math.round(b.y));
  expect((await rect(w.page, '#end')).bottom).toBeLessThanOrEqual(b.y + 0.5);

  // One seen post per banner with the page URL and the version delivered, however many decisions came.
  await expect.poll(() => w.decisions().length).toBe(2);
  await frames(w.page);
  expect(w.seen()).toHaveLength(5);
  expect(w.seen().find((s) => s.path === `/widget/experiences/${top.id}/seen`)?.body).toEqual({
    url: `${host.url}/bx/places`,
    version_id: top.live_version_id,
  });
  await w.clean();
  await w.close();
});

it('a non-sticky top banner is at the top of the page and scrolls away; no layout change after it rendered; unpublished, it leaves at once', async () => {
  const { ws, author } = await freshWorkspace();
  const plain = await (await authorSurfaces(ws)).banner(
    'Plain top',
    { message: 'Scrolls away', sticky: false },
    { targeting: under('/bx/plain') },
  );
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/bx/plain', ws.websiteId, LONG, { css: CSS }));
  const r = region(w.page, 'Scrolls away');
  await r.waitFor();
  const first = await rect(w.page, '#first');
  const box = (await r.boundingBox())!;
  expect(box.y).toBe(0);
  expect(first.top).toBeGreaterThanOrEqual(box.height - 0.5);
  await expect.poll(() => w.decisions().length).toBe(2);
  await frames(w.page);
  expect(await rect(w.page, '#first')).toEqual(first);
  await w.page.evaluate(() => window.scrollTo(0, 600));
  await frames(w.page);
  expect((await r.boundingBox())!.y + box.height).toBeLessThan(0);
  await author.unpublish(plain.id);
  await expect.poll(() => r.count()).toBe(0);
  await w.clean();
  await w.close();
});

it('dismissal (keyboard): it goes with its reserved room, dismissed: true is posted, it never comes back; a once banner does not come back after a reload, an unlimited one does', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  const on = under('/bx/rules');
  const dismissible = await a.banner('Dismissible', { message: 'Close me' }, { targeting: on });
  const once = await a.banner(
    'Once',
    { message: 'Only once', placement: 'bottom', dismissible: false },
    { targeting: on, frequency: 'once' },
  );
  const always = await a.banner(
    'Unlimited',
    { message: 'Every time', placement: 'before', target: { selector: '#box' }, dismissible: false },
    { targeting: on, frequency: 'unlimited' },
  );
  const w = await surfaceWatch(browser);
  const page = experiencePage(host, '/bx/rules', ws.websiteId, LONG, { css: CSS });
  const url = `${host.url}/bx/rules`;
  await w.page.goto(page);
  const closeMe = region(w.page, 'Close me');
  await closeMe.waitFor();
  await region(w.page, 'Only once').waitFor();
  await region(w.page, 'Every time').waitFor();
  expect(await region(w.page, 'Only once').getByRole('button').count()).toBe(0);
  const seenOf = (x: { id: string }) =>
    w
      .seen()
      .filter((s) => s.path === `/widget/experiences/${x.id}/seen`)
      .map((s) => s.body);

  const dismiss = closeMe.getByRole('button', { name: 'Dismiss' });
  await dismiss.focus();
  await w.page.keyboard.press('Enter');
  await expect.poll(() => closeMe.count()).toBe(0);
  expect(await w.page.locator('[data-widget-chrome="banner-space"]').count()).toBe(1);
  expect((await rect(w.page, '#first')).top).toBe(0);
  await expect
    .poll(() => seenOf(dismissible))
    .toEqual([
      { url, version_id: dismissible.live_version_id },
      { url, version_id: dismissible.live_version_id, dismissed: true },
    ]);
  expect(seenOf(once)).toEqual([{ url, version_id: once.live_version_id }]);
  expect(seenOf(always)).toEqual([{ url, version_id: always.live_version_id }]);

  // Answered, not only sent, before the reload (a navigation would cancel a request in flight).
  await expect
    .poll(() => w.requests.filter((r) => r.path.endsWith('/seen') && r.status === 200).length)
    .toBe(4);
  const n = w.decisions().length;
  await w.page.goto(page);
  await region(w.page, 'Every time').waitFor();
  await expect.poll(() => w.decisions().length).toBe(n + 2);
  await frames(w.page);
  // The answers' bodies are read after their requests count: wait for both to be parsed.
  await expect.poll(() => w.delivered.slice(-2).map((d) => d.banners)).toEqual([[always.id], [always.id]]);
  expect(await closeMe.count()).toBe(0);
  expect(await region(w.page, 'Only once').count()).toBe(0);
  expect(seenOf(always)).toHaveLength(2);
  expect(seenOf(dismissible)).toHaveLength(2);
  await w.clean();
  await w.close();
});

it('the button: a link follows its URL, an action opens the panel; both reachable by Tab', async () => {
  const { ws } = await freshWorkspace();
  const a = await authorSurfaces(ws);
  host.page('/bx/landing', '<!doctype html><title>Landing</title><h1>Landing</h1>');
  await a.banner(
    'Link',
    { message: 'New pricing', button: { label: 'See pricing', url: '/bx/landing', action: null } },
    { targeting: under('/bx/button') },
  );
  await a.banner(
    'Help',
    {
      message: 'Need a hand?',
      placement: 'bottom',
      dismissible: false,
      button: { label: 'Open help', url: null, action: 'open_help' },
    },
    { targeting: under('/bx/button') },
  );
  const w = await surfaceWatch(browser);
  await w.page.goto(experiencePage(host, '/bx/button', ws.websiteId, LONG, { css: CSS }));
  await waitForLauncher(w.page);
  const help = region(w.page, 'Need a hand?').getByRole('button', { name: 'Open help' });
  await help.focus();
  await w.page.keyboard.press('Enter');
  await panelFrame(w.page).getByRole('searchbox', { name: 'Search help' }).waitFor();
  const link = region(w.page, 'New pricing').getByRole('link', { name: 'See pricing' });
  expect(await link.getAttribute('href')).toBe(`${host.url}/bx/landing`);
  await link.focus();
  await w.page.keyboard.press('Enter');
  await w.page.waitForURL(`${host.url}/bx/landing`);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});
