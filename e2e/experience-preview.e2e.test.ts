import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { targeting, tourDefinition } from '../server-core/testing/experiences';
import { bannerDefinition } from '../server-core/testing/visible-experiences';
import { launchChromium } from './support/browser';
import { DESKTOP, expectNoProblems, openConsole, PHONE, signInAs } from './support/console';
import { region, surfaceWatch } from './support/experience-surfaces';
import { dialog, experiencePage, experienceWatch, frames, step } from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { noAutoStart, ops, portalSession, seedWorkspace } from './support/widget';

/**
 * The experience preview link (docs/decisions/experiences.md#the-preview-link) in Chromium, host pages on
 * another origin than the service under the strict CSP: the console's Preview control opens a draft tour on
 * a page of the workspace's verified domain in a new tab; the operation's link shows a draft banner on the
 * page and on the next page of the same tab, until End preview; a second browser context without the link
 * sees neither; and the experience stats count nothing.
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

/** Targeting no visitor of the host pages meets: another page, and a window long past. */
const nowhere = targeting({
  pages: { include: [{ match: 'exact', value: '/never' }], exclude: [] },
  window: { starts_at: '2020-01-01T00:00:00.000Z', ends_at: '2020-02-01T00:00:00.000Z' },
});
const BODY = '<main><h1>Preview page</h1><p id="content">Page content</p></main>';

const marker = (page: Page) => region(page, 'Experience preview');

it('a draft tour from the console, a draft banner from the operation: shown only in the tab of the link, nothing counted', async () => {
  const ws = await seedWorkspace();
  await ops(['verified-domain', 'add', ws.workspaceId, '127.0.0.1']);
  const portal = await portalSession(ws);
  const root = `/workspaces/${ws.workspaceId}`;
  const draft = async (type: string, name: string, d: unknown) =>
    (await portal<{ data: { id: string } }>('POST', `${root}/experiences`, { type, name, draft: d })).data.id;
  const tourId = await draft(
    'tour',
    'Draft tour',
    tourDefinition({ targeting: nowhere, steps: [step('one', { title: 'Draft tour step' })] }),
  );
  const bannerId = await draft(
    'banner',
    'Draft banner',
    bannerDefinition({ targeting: nowhere, content: { message: 'Draft banner message' } }),
  );
  const tourPage = experiencePage(host, '/pv/tour', ws.websiteId, BODY);
  const bannerPage = `${experiencePage(host, '/pv/banner', ws.websiteId, BODY)}?x=1#end`;
  const nextPage = experiencePage(host, '/pv/next', ws.websiteId, BODY);

  // The console: the tour's editor, Preview, the page, a new tab with the draft playing and the marker.
  const c = await openConsole(browser, inject('serverUrl'), DESKTOP);
  await signInAs(c.page, ws.ownerEmail, ws.ownerPassword);
  await c.page.goto(`${inject('serverUrl')}/app/experiences/${tourId}`);
  await c.page.getByRole('heading', { name: 'Tour: Draft tour', level: 2 }).waitFor();
  await c.page.getByRole('button', { name: 'Preview', exact: true }).click();
  const ask = c.page.getByRole('dialog', { name: 'Preview this experience' });
  await ask.getByRole('textbox', { name: 'Page to open' }).fill(tourPage);
  const [tab] = await Promise.all([
    c.page.context().waitForEvent('page'),
    ask.getByRole('button', { name: 'Save and open preview' }).click(),
  ]);
  await dialog(tab, 'Draft tour step').waitFor({ timeout: 20_000 });
  await marker(tab).getByText('Preview: Draft tour').waitFor();
  expect(tab.url()).toBe(tourPage);
  const shown = await ask.getByRole('link', { name: /widget_preview=/ }).getAttribute('href');
  expect(shown).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pv\/tour\?widget_preview=[0-9a-z]{26}\.\d+\.[\w-]{43}$/);
  await ask.getByRole('button', { name: 'Copy preview link' }).waitFor();
  expectNoProblems(c);

  // The operation directly: the banner on the page of the link and on the next page of the same tab.
  const link = (
    await portal<{ data: { url: string } }>('POST', `${root}/experiences/${bannerId}/preview`, {
      url: bannerPage,
    })
  ).data.url;
  const w = await surfaceWatch(browser);
  const carried: (string | undefined)[] = [];
  w.page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/widget/experiences') && r.method() !== 'OPTIONS')
      carried.push(r.headers()['x-widget-preview']);
  });
  await w.page.goto(link);
  await region(w.page, 'Draft banner message').waitFor({ timeout: 20_000 });
  await marker(w.page).getByText('Preview: Draft banner').waitFor();
  expect(w.page.url()).toBe(bannerPage);
  await w.page.goto(nextPage);
  await region(w.page, 'Draft banner message').waitFor({ timeout: 20_000 });
  // Every experience request of the tab carried the token; the draft's seen posts went (answered, not stored).
  await expect.poll(() => w.seen().length).toBeGreaterThanOrEqual(2);
  expect(w.seen().every((s) => s.body?.version_id === bannerId)).toBe(true);
  expect(carried.length).toBeGreaterThan(0);
  expect(carried.every((h) => h === new URL(link).searchParams.get('widget_preview'))).toBe(true);
  await w.clean();
  // End preview: the token goes, the page reloads without the draft.
  await marker(w.page).getByRole('button', { name: 'End preview' }).click();
  await w.page.waitForLoadState('load');
  const ended = carried.length;
  await expect.poll(() => w.decisions().length).toBeGreaterThanOrEqual(3);
  await frames(w.page);
  await w.page.waitForLoadState('networkidle'); // the decision answered, any chunk it needs loaded
  expect(await region(w.page, 'Draft banner message').count()).toBe(0);
  expect(await marker(w.page).count()).toBe(0);
  expect(await w.page.evaluate(() => sessionStorage.getItem('widget:preview'))).toBeNull();
  expect(carried.slice(ended).every((h) => h === undefined)).toBe(true);

  // Another browser context without the link: neither draft.
  const other = await experienceWatch(browser);
  for (const url of [tourPage, bannerPage]) {
    const before = other.decisions().length;
    await other.page.goto(url);
    await expect.poll(() => other.decisions().length).toBeGreaterThan(before);
    await frames(other.page);
    await other.page.waitForLoadState('networkidle'); // the decision answered, any chunk it needs loaded
    expect(await dialog(other.page, 'Draft tour step').count()).toBe(0);
    expect(await region(other.page, 'Draft banner message').count()).toBe(0);
    expect(await marker(other.page).count()).toBe(0);
  }
  await other.clean();

  // Nothing was counted: no sessions, no seen markers, for either draft.
  const stats = await portal<{ data: { experience_id: string }[] }>('GET', `${root}/experience-stats`);
  expect(stats.data.filter((s) => s.experience_id === tourId || s.experience_id === bannerId)).toEqual([]);
  for (const id of [tourId, bannerId]) {
    const progress = await portal<{ data: unknown[] }>('GET', `${root}/experiences/${id}/progress`);
    expect(progress.data).toEqual([]);
  }
  await Promise.all([c.close(), w.context.close(), other.context.close()]);
});

it("QA's no-auto-start yields to the previewed draft tour, and a published tour's other auto-start stays away in the preview tab", async () => {
  const ws = await seedWorkspace();
  await ops(['verified-domain', 'add', ws.workspaceId, '127.0.0.1']);
  const portal = await portalSession(ws);
  const root = `/workspaces/${ws.workspaceId}`;
  const create = async (name: string, title: string, t: ReturnType<typeof targeting>) =>
    (
      await portal<{ data: { id: string } }>('POST', `${root}/experiences`, {
        type: 'tour',
        name,
        draft: tourDefinition({ targeting: t, steps: [step('one', { title })] }),
      })
    ).data.id;
  const page = experiencePage(host, '/pv/qa', ws.websiteId, BODY);
  // A published tour that auto-starts on the page, with the highest priority a definition may hold.
  const live = await create(
    'Live tour',
    'Live tour step',
    targeting({ pages: { include: [{ match: 'exact', value: '/pv/qa' }], exclude: [] }, priority: 1000 }),
  );
  await portal('POST', `${root}/experiences/${live}/publish`);
  const drafted = await create('QA draft', 'QA draft step', nowhere);
  const link = (
    await portal<{ data: { url: string } }>('POST', `${root}/experiences/${drafted}/preview`, { url: page })
  ).data.url;

  const w = await experienceWatch(browser);
  await noAutoStart(w.page);
  await w.page.goto(link);
  await dialog(w.page, 'QA draft step').waitFor({ timeout: 20_000 });
  expect(await dialog(w.page, 'Live tour step').count()).toBe(0);
  await w.clean();
  // Without the link, QA holds the live tour back as before.
  const plain = await experienceWatch(browser);
  await noAutoStart(plain.page);
  await plain.page.goto(page);
  await expect.poll(() => plain.decisions().length).toBeGreaterThan(0);
  await frames(plain.page);
  await plain.page.waitForLoadState('networkidle'); // the decision answered, any chunk it needs loaded
  expect(await dialog(plain.page, 'Live tour step').count()).toBe(0);
  expect(await dialog(plain.page, 'QA draft step').count()).toBe(0);
  await Promise.all([w.context.close(), plain.context.close()]);
});

it('at 390 px: the Preview control is reachable by name, its page prefilled from the verified domain, the dialog within the screen', async () => {
  const ws = await seedWorkspace();
  await ops(['verified-domain', 'add', ws.workspaceId, '127.0.0.1']);
  const portal = await portalSession(ws);
  const root = `/workspaces/${ws.workspaceId}`;
  const id = (
    await portal<{ data: { id: string } }>('POST', `${root}/experiences`, {
      type: 'banner',
      name: 'Phone banner',
      draft: bannerDefinition({ targeting: nowhere }),
    })
  ).data.id;
  const c = await openConsole(browser, inject('serverUrl'), PHONE);
  await signInAs(c.page, ws.ownerEmail, ws.ownerPassword);
  await c.page.goto(`${inject('serverUrl')}/app/experiences/${id}`);
  await c.page.getByRole('heading', { name: 'Banner: Phone banner', level: 2 }).waitFor();
  await c.page.getByRole('button', { name: 'Preview', exact: true }).click();
  const ask = c.page.getByRole('dialog', { name: 'Preview this experience' });
  const field = ask.getByRole('textbox', { name: 'Page to open' });
  await expect.poll(() => field.inputValue()).toBe('https://127.0.0.1/');
  const box = (await ask.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // A page off the verified domains: the service's 422, said next to the field.
  await field.fill('https://elsewhere.test/page');
  await ask.getByRole('button', { name: 'Save and open preview' }).click();
  await ask
    .getByRole('alert')
    .getByText('elsewhere.test is not covered by a verified domain of the workspace.')
    .waitFor();
  await field.press('Escape');
  await ask.waitFor({ state: 'hidden' });
  expect(c.problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([]);
  await c.close();
});
