import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import {
  completedEvents,
  dialog,
  type ExpWindow,
  experiencePage,
  experienceWatch,
  frames,
  freshWorkspace,
  listenCompleted,
  onPages,
  startTour,
  step,
} from './support/experiences';
import { type HostServer, startHostServer } from './support/host-server';
import { waitForLauncher } from './support/widget';

/**
 * The experience engine (widget/core/experiences.ts) in Chromium: the minified build on host pages of
 * another origin than the service, under the strict CSP of the other widget e2e files (connect-src names
 * the service and its ws: origin). Experiences are authored through the portal operations on a fresh
 * workspace per test, and the tours are driven by role and name.
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

it('auto-starts the tour the decision names; steps and the completion are recorded, experience:completed is emitted once; a page with no tour never fetches the tour chunk', async () => {
  const { ws, author } = await freshWorkspace();
  const tour = await author.tour(
    'Welcome',
    [
      step('welcome', { title: 'Welcome aboard', body: 'A short tour.' }),
      step('billing', { title: 'Billing lives here', target: { selector: '#billing' } }),
    ],
    { targeting: onPages('/exp/auto') },
  );
  const w = await experienceWatch(browser);
  const body = '<main><h1>Dashboard</h1><button id="billing">Billing</button></main>';
  await w.page.goto(experiencePage(host, '/exp/plain', ws.websiteId, body));
  await waitForLauncher(w.page);
  // The boot decision and the one after the realtime socket's ready: no tour for this page.
  await expect.poll(() => w.decisions().length).toBe(2);
  await expect.poll(() => w.requests.filter((r) => r.path.startsWith('/widget/experiences?')).length).toBe(2);
  await frames(w.page);
  expect(w.tourChunk()).toEqual([]);
  expect(w.sessions()).toEqual([]);
  await w.clean();

  await w.page.goto(experiencePage(host, '/exp/auto', ws.websiteId, body));
  await listenCompleted(w.page);
  const welcome = dialog(w.page, 'Welcome aboard');
  await welcome.waitFor();
  expect(w.tourChunk()).toHaveLength(1);
  expect(w.sessions().map((s) => s.body)).toEqual([{ url: `${host.url}/exp/auto`, trigger: 'auto' }]);
  await welcome.getByRole('button', { name: 'Next' }).click();
  const billing = dialog(w.page, 'Billing lives here');
  await billing.waitFor();
  await billing.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => w.ends()).toEqual(['completed']);
  expect(w.patches().map((p) => p.body?.step_id ?? p.body?.end)).toEqual(['welcome', 'billing', 'completed']);
  expect(w.patches().every((p) => p.path.includes(tour.live_version_id))).toBe(true);
  await expect
    .poll(() => completedEvents(w.page))
    .toEqual([{ experience_id: tour.id, version_id: tour.live_version_id, slug: tour.slug }]);
  await w.clean();
  await w.close();
});

it('Widget.experiences.start with an id that is no published tour: exactly one [widget] warning and nothing else', async () => {
  const { ws } = await freshWorkspace();
  const w = await experienceWatch(browser);
  await w.page.goto(experiencePage(host, '/exp/start-404', ws.websiteId, '<main><h1>Page</h1></main>'));
  await startTour(w.page, '01jd2m7r3x8k9q4w5e6t7y8v9a');
  await expect.poll(() => w.warnings.length).toBe(1);
  expect(w.warnings[0]).toMatch(/^\[widget\] no published tour 01jd2m7r3x8k9q4w5e6t7y8v9a \(404/);
  await frames(w.page);
  expect(w.sessions()).toEqual([]);
  expect(w.tourChunk()).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(await w.violations()).toEqual([]);
  await w.close();
});

it('ends dismissed (Escape), skipped (Skip tour) and target_missing (a target that never comes); a late target is waited for and found', async () => {
  const { ws, author } = await freshWorkspace();
  const two = (name: string, first: Parameters<typeof step>[1] = {}) =>
    author.tour(name, [
      step('one', { title: `${name} one`, ...first }),
      step('two', { title: `${name} two` }),
    ]);
  const dismissed = await two('Dismissed');
  const skipped = await two('Skipped', { target: { selector: '#here' } });
  const missing = await two('Missing', { target: { selector: '#never' }, wait_ms: 800 });
  const late = await two('Late', { target: { selector: '#late' }, wait_ms: 20_000 });
  const w = await experienceWatch(browser);
  await w.page.goto(
    experiencePage(
      host,
      '/exp/ends',
      ws.websiteId,
      '<main><h1>Ends</h1><button id="here">Here</button><div id="slot"></div></main>',
    ),
  );
  await waitForLauncher(w.page);

  await startTour(w.page, dismissed.id);
  await dialog(w.page, 'Dismissed one').waitFor();
  await w.page.keyboard.press('Escape');
  await expect.poll(() => w.ends()).toEqual(['dismissed']);

  await startTour(w.page, skipped.id);
  await dialog(w.page, 'Skipped one').getByRole('button', { name: 'Skip tour' }).click();
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'skipped']);

  await startTour(w.page, missing.id);
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'skipped', 'target_missing']);
  expect(await w.page.getByRole('dialog').count()).toBe(0);

  await startTour(w.page, late.id);
  await expect.poll(() => w.sessions().length).toBe(4);
  await frames(w.page);
  expect(await w.page.getByRole('dialog').count()).toBe(0);
  await w.page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'late';
    b.textContent = 'Arrived late';
    document.getElementById('slot')!.append(b);
  });
  const lateOne = dialog(w.page, 'Late one');
  await lateOne.waitFor();
  await lateOne.getByRole('button', { name: 'Next' }).click();
  await dialog(w.page, 'Late two').getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'skipped', 'target_missing', 'completed']);
  // One session per start, each ended once: the widget's own ends, nothing after.
  expect(w.sessions().map((s) => s.body?.trigger)).toEqual(['start', 'start', 'start', 'start']);
  expect(w.tourChunk()).toHaveLength(1);
  await w.clean();
  await w.close();
});

it('a step inside a scrolled container, the whole tour by keyboard only (Next, a target_click step, Done)', async () => {
  const { ws, author } = await freshWorkspace();
  await author.tour(
    'Keys',
    [
      step('intro', { title: 'Use the keyboard' }),
      step('inside', {
        title: 'Deep in the list',
        target: { selector: '#deep' },
        placement: 'left',
      }),
      step('click', { title: 'Press the button', target: { selector: '#go' }, advance: 'target_click' }),
      step('last', { title: 'All done' }),
    ],
    { targeting: onPages('/exp/keys') },
  );
  const rows = Array.from({ length: 40 }, (_, i) => `<p>Row ${i}</p>`).join('');
  const w = await experienceWatch(browser);
  await w.page.goto(
    experiencePage(
      host,
      '/exp/keys',
      ws.websiteId,
      `<main><h1>Keys</h1><button id="go">Go</button><div id="box">${rows}<button id="deep">Deep</button>${rows}</div></main>`,
      { css: '#box{height:240px;overflow:auto;border:1px solid #ccc;margin:0 0 0 400px;width:300px}' },
    ),
  );
  const intro = dialog(w.page, 'Use the keyboard');
  await intro.waitFor();
  await w.page.keyboard.press('Enter');
  const inside = dialog(w.page, 'Deep in the list');
  await inside.waitFor();
  // The target was scrolled into view inside its container, and the step sits beside it.
  const seen = await w.page.evaluate(() => {
    const box = document.getElementById('box')!.getBoundingClientRect();
    const deep = document.getElementById('deep')!.getBoundingClientRect();
    return deep.top >= box.top && deep.bottom <= box.bottom;
  });
  expect(seen).toBe(true);
  await expect
    .poll(async () => {
      const d = (await inside.boundingBox())!;
      const t = (await w.page.locator('#deep').boundingBox())!;
      return Math.round(t.x - (d.x + d.width));
    })
    .toBe(12);
  await w.page.keyboard.press('Enter');
  const click = dialog(w.page, 'Press the button');
  await click.waitFor();
  // A target_click step has no Next: Tab reaches the target, Enter uses it and the tour moves on.
  expect(await click.getByRole('button', { name: 'Next' }).count()).toBe(0);
  for (let i = 0; i < 6; i++) {
    if (await w.page.evaluate(() => document.activeElement?.id === 'go')) break;
    await w.page.keyboard.press('Tab');
  }
  expect(await w.page.evaluate(() => document.activeElement?.id)).toBe('go');
  await w.page.keyboard.press('Enter');
  await dialog(w.page, 'All done').waitFor();
  await w.page.keyboard.press('Enter');
  await expect.poll(() => w.ends()).toEqual(['completed']);
  expect(w.patches().map((p) => p.body?.step_id ?? p.body?.end)).toEqual([
    'intro',
    'inside',
    'click',
    'last',
    'completed',
  ]);
  await w.clean();
  await w.close();
});

it('resumes a session after a full page load: the next step lives on the next page', async () => {
  const { ws, author } = await freshWorkspace();
  const tour = await author.tour(
    'Two pages',
    [
      step('here', { title: 'On this page', page: { match: 'exact', value: '/exp/page-one' } }),
      step('there', {
        title: 'On the next page',
        target: { selector: '#report' },
        page: { match: 'exact', value: '/exp/page-two' },
      }),
    ],
    { targeting: onPages('/exp/page-one') },
  );
  const w = await experienceWatch(browser);
  experiencePage(
    host,
    '/exp/page-two',
    ws.websiteId,
    '<main><h1>Two</h1><button id="report">Report</button></main>',
  );
  await w.page.goto(
    experiencePage(
      host,
      '/exp/page-one',
      ws.websiteId,
      '<main><h1>One</h1><a href="/exp/page-two">Reports</a></main>',
    ),
  );
  await dialog(w.page, 'On this page').getByRole('button', { name: 'Next' }).click();
  // The next step is another page's: the session records it and the tour waits for that page.
  await expect.poll(() => w.patches().map((p) => p.body?.step_id)).toEqual(['here', 'there']);
  await expect.poll(() => w.requests.filter((r) => r.method === 'PATCH' && r.status === 200).length).toBe(2);
  expect(await w.page.getByRole('dialog').count()).toBe(0);
  await w.page.getByRole('link', { name: 'Reports' }).click();
  const there = dialog(w.page, 'On the next page');
  await there.waitFor();
  expect(await there.getByText('Step 2 of 2').count()).toBe(1);
  expect(
    w.sent.some((s) => s.path === `/widget/experiences/tours/${tour.id}?version_id=${tour.live_version_id}`),
  ).toBe(true);
  await there.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => w.ends()).toEqual(['completed']);
  // One session across both pages: resumed, not opened again.
  expect(w.sessions()).toHaveLength(1);
  expect(new Set(w.patches().map((p) => p.path)).size).toBe(1);
  await w.clean();
  await w.close();
});

it('SPA route changes refetch the decision, and the tour of the new route starts', async () => {
  const { ws, author } = await freshWorkspace();
  await author.tour('Reports tour', [step('r1', { title: 'Your reports' })], {
    targeting: onPages('/exp/spa/reports'),
  });
  const w = await experienceWatch(browser);
  const nav = `<script nonce="exp-n0nce">document.addEventListener('click', (e) => {
    const a = e.target.closest('a[data-spa]'); if (!a) return; e.preventDefault(); history.pushState({}, '', a.href);
    document.querySelector('h1').textContent = a.textContent; });</script>`;
  await w.page.goto(
    experiencePage(
      host,
      '/exp/spa/home',
      ws.websiteId,
      `<main><h1>Home</h1><a data-spa href="/exp/spa/settings">Settings</a> <a data-spa href="/exp/spa/reports">Reports</a></main>${nav}`,
    ),
  );
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await w.page.getByRole('link', { name: 'Settings' }).click();
  await expect
    .poll(() => w.decisions().at(-1)?.path)
    .toBe(`/widget/experiences?url=${encodeURIComponent(`${host.url}/exp/spa/settings`)}`);
  await frames(w.page);
  expect(await w.page.getByRole('dialog').count()).toBe(0);
  await w.page.getByRole('link', { name: 'Reports' }).click();
  await dialog(w.page, 'Your reports').waitFor();
  expect(w.decisions().at(-1)?.path).toBe(
    `/widget/experiences?url=${encodeURIComponent(`${host.url}/exp/spa/reports`)}`,
  );
  expect(w.sessions().map((s) => s.body)).toEqual([{ url: `${host.url}/exp/spa/reports`, trigger: 'auto' }]);
  await w.clean();
  await w.close();
});

it('a Turbo body swap: a tour running at the swap does not follow it (its session ends), one started afterwards works', async () => {
  const { ws, author } = await freshWorkspace();
  const tour = await author.tour('Swap', [
    step('a', { title: 'Before the swap', target: { selector: 'h1' } }),
    step('b', { title: 'Second step' }),
  ]);
  const w = await experienceWatch(browser);
  const page = (title: string, next: string) =>
    experiencePage(
      host,
      `/exp/turbo/${title.toLowerCase()}`,
      ws.websiteId,
      `<main><h1>${title}</h1><a href="${next}">Next page</a></main>`,
      {
        head: '<script type="module" src="/turbo.js"></script>',
        // Turbo fetches the next page from the host (connect-src) and styles its progress bar inline: the
        // strict policy would refuse both and make every visit a full load. As in widget-realtime's swaps.
        csp: false,
      },
    );
  page('Two', '/exp/turbo/one');
  await w.page.goto(page('One', '/exp/turbo/two'));
  await waitForLauncher(w.page);
  await startTour(w.page, tour.id);
  await dialog(w.page, 'Before the swap').waitFor();
  await w.page.getByRole('link', { name: 'Next page' }).click();
  await w.page.getByRole('heading', { name: 'Two' }).waitFor();
  await expect.poll(() => w.ends()).toEqual(['dismissed']);
  // The decision after the swap comes after the end, so it does not resume the tour on the new body.
  await expect
    .poll(() => w.sent.findLastIndex((s) => s.method === 'GET' && s.path.startsWith('/widget/experiences?')))
    .toBeGreaterThan(w.sent.findIndex((s) => s.body?.end === 'dismissed'));
  await frames(w.page);
  expect(await w.page.getByRole('dialog').count()).toBe(0);
  expect(await w.page.locator('[data-widget-chrome="tour"]').count()).toBe(0);

  await startTour(w.page, tour.id);
  await dialog(w.page, 'Before the swap').getByRole('button', { name: 'Next' }).click();
  await dialog(w.page, 'Second step').getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => w.ends()).toEqual(['dismissed', 'completed']);
  expect(w.sessions()).toHaveLength(2);
  // Body swaps, not page loads.
  expect(await w.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  await w.clean();
  await w.close();
});

it('realtime: unpublishing through the portal stops a running tour, and the decision is read again', async () => {
  const { ws, author } = await freshWorkspace();
  const tour = await author.tour('Live', [step('one', { title: 'Live tour' }), step('two')]);
  const w = await experienceWatch(browser);
  await w.page.goto(experiencePage(host, '/exp/unpublish', ws.websiteId, '<main><h1>Unpublish</h1></main>'));
  await waitForLauncher(w.page);
  await expect.poll(() => w.decisions().length).toBe(2);
  await startTour(w.page, tour.id);
  await dialog(w.page, 'Live tour').waitFor();
  await author.unpublish(tour.id);
  await expect.poll(() => w.page.getByRole('dialog').count()).toBe(0);
  await expect.poll(() => w.decisions().length).toBe(3);
  // The server ended the session itself: the widget sends no end of its own.
  expect(w.ends()).toEqual([]);
  await w.clean();
  await w.close();
});

it('QA: widget:qa in localStorage, or WIDGET_QA from the snippet, suppresses auto-start and resume; Widget.experiences.start still works', async () => {
  const { ws, author } = await freshWorkspace();
  const auto = await author.tour('Auto', [step('a', { title: 'Auto tour' })], {
    targeting: onPages('/exp/qa'),
  });
  const chosen = await author.tour('Chosen', [step('c', { title: 'Chosen tour' })]);
  for (const how of ['localStorage', 'WIDGET_QA'] as const) {
    const w = await experienceWatch(browser);
    if (how === 'localStorage')
      await w.page.addInitScript(() => localStorage.setItem('widget:qa', 'no-auto-start'));
    await w.page.goto(
      experiencePage(host, '/exp/qa', ws.websiteId, '<main><h1>QA</h1></main>', {
        queued: how === 'WIDGET_QA' ? "window.WIDGET_QA='no-auto-start';" : '',
      }),
    );
    await waitForLauncher(w.page);
    await expect
      .poll(() => w.requests.filter((r) => r.path.startsWith('/widget/experiences?')).length)
      .toBe(2);
    await frames(w.page);
    await startTour(w.page, chosen.id);
    await dialog(w.page, 'Chosen tour').waitFor();
    expect(w.sent.filter((s) => s.path.includes(auto.id))).toEqual([]);
    expect(w.sessions().map((s) => s.body?.trigger)).toEqual(['start']);
    expect(await dialog(w.page, 'Auto tour').count()).toBe(0);
    await w.clean();
    await w.close();
  }
});

it('browser triggers hold the auto-start: a custom event, time on page (a fake clock) and scroll depth', async () => {
  const { ws, author } = await freshWorkspace();
  await author.tour('Triggered', [step('t', { title: 'Triggered tour' })], {
    targeting: {
      ...onPages('/exp/triggers'),
      triggers: { custom_event: 'opened_reports', time_on_page_seconds: 30, scroll_depth_percent: 80 },
    },
  });
  const w = await experienceWatch(browser);
  await w.page.clock.install();
  await w.page.goto(
    experiencePage(
      host,
      '/exp/triggers',
      ws.websiteId,
      `<main><h1>Triggers</h1><div id="tall"></div></main>`,
      {
        css: '#tall{height:3000px}',
      },
    ),
  );
  await waitForLauncher(w.page);
  await expect.poll(() => w.requests.filter((r) => r.path.startsWith('/widget/experiences?')).length).toBe(2);
  const tourAsked = () => w.sent.filter((s) => s.path.startsWith('/widget/experiences/tours/')).length;
  await w.page.evaluate(() => (window as unknown as ExpWindow).Widget.event.push('opened_reports'));
  await frames(w.page);
  expect(tourAsked()).toBe(0);
  await w.page.clock.runFor(31_000);
  await frames(w.page);
  expect(tourAsked()).toBe(0);
  await w.page.mouse.wheel(0, 1500);
  await expect.poll(() => w.page.evaluate(() => scrollY)).toBeGreaterThan(1000);
  await frames(w.page);
  expect(tourAsked()).toBe(0);
  await w.page.evaluate(() => scrollTo(0, document.body.scrollHeight));
  await dialog(w.page, 'Triggered tour').waitFor();
  expect(tourAsked()).toBe(1);
  await w.clean();
  await w.close();
});

it('element facts: the watched selector is reported as booleans, and the answered decision starts the tour', async () => {
  const { ws, author } = await freshWorkspace();
  await author.tour('Promo', [step('p', { title: 'Promo tour', target: { selector: '#promo' } })], {
    targeting: { ...onPages('/exp/facts'), elements: [{ selector: '#promo', present: true }] },
  });
  const w = await experienceWatch(browser);
  await w.page.goto(experiencePage(host, '/exp/facts', ws.websiteId, '<main><h1>Facts</h1></main>'));
  const reports = () => w.sent.filter((s) => s.path === '/widget/experiences/conditions').map((s) => s.body);
  await expect.poll(() => reports().length).toBe(1);
  const [key] = Object.keys(reports()[0]!.facts as object);
  expect(reports()).toEqual([{ url: `${host.url}/exp/facts`, facts: { [key!]: false } }]);
  await w.page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'promo';
    b.textContent = 'New: reports';
    document.querySelector('main')!.append(b);
  });
  await dialog(w.page, 'Promo tour').waitFor();
  expect(reports()).toEqual([
    { url: `${host.url}/exp/facts`, facts: { [key!]: false } },
    { url: `${host.url}/exp/facts`, facts: { [key!]: true } },
  ]);
  await w.clean();
  await w.close();
});
