import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TourData, TourStep } from '../widget/chunks/tour';
import { launchChromium } from './support/browser';
import { type HostServer, startHostServer } from './support/host-server';
import { ROOT } from './support/server';
import {
  buildTourHarness,
  recordViolations,
  resources,
  startTour,
  stopTour,
  tourEnds,
  tourFixture,
  tourLog,
  trackResources,
  violations,
} from './support/tour-harness';
import { watchedPage } from './support/widget';

/**
 * The tour chunk (widget/chunks/tour) in Chromium, on fixture pages of another origin than the service,
 * under the strict CSP of e2e/widget-csp-a11y.e2e.test.ts, minified like the widget. The widget does not
 * reach the chunk yet (the experiences engine will), so support/tour-harness.ts bundles it with the
 * core's bus, chrome keeper and route watcher. Driven by role and name, and by the keyboard.
 */
let browser: Browser;
let host: HostServer;
let harness: string;

beforeAll(async () => {
  [browser, host, harness] = await Promise.all([launchChromium(), startHostServer(), buildTourHarness()]);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

const step = (id: string, over: Partial<TourStep> = {}): TourStep => ({
  id,
  title: `Title ${id}`,
  body: `Body of ${id}`,
  target: null,
  placement: 'auto',
  advance: 'next',
  wait_ms: 3000,
  ...over,
});
const at = (selector: string) => ({ target: { selector } });
const tour = (...steps: TourStep[]): TourData => ({ steps, feedback: { enabled: false, question: '' } });

/** A watched page (page errors, [widget] warnings) that also collects console errors and CSP violations. */
async function open(path: string, body: string, css = '', options: BrowserContextOptions = {}) {
  const w = await watchedPage(browser, options);
  const consoleErrors: string[] = [];
  w.page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  await recordViolations(w.page);
  await trackResources(w.page);
  await w.page.goto(tourFixture(host, harness, path, body, css));
  await w.page.waitForFunction(() => 'tourTest' in window);
  /** Nothing went wrong on the page: no CSP violation, no error, no warning. */
  const clean = async () => {
    expect(await violations(w.page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(w.errors).toEqual([]);
    expect(w.warnings).toEqual([]);
  };
  return { ...w, clean };
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const focused = (locator: Locator) =>
  locator.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el);
const tourElements = (page: Page) => page.locator('[data-widget-chrome="tour"]').count();
const box = async (locator: Locator) => (await locator.boundingBox())!;
/** Two animation frames: what the last action scheduled for the next frame (positioning, focus) has run. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

it('anchored and modal steps: a labelled dialog, Next and Back by keyboard, Done completes, focus returns; strict CSP clean', async () => {
  const w = await open(
    '/tour/basic',
    `<main><h1>Dashboard</h1><button id="start">Start the tour</button>
     <p>Some text.</p><button id="billing">Billing</button><p>More.</p><button id="reports">Reports</button></main>`,
  );
  await w.page.focus('#start');
  await settle(w.page);
  const baseline = await resources(w.page);
  await startTour(
    w.page,
    tour(
      step('welcome', { title: 'Welcome aboard', body: 'A short tour.\nThree steps.' }),
      step('billing', { ...at('#billing'), title: 'Billing lives here', placement: 'bottom' }),
      step('reports', { ...at('#reports'), title: 'Your reports', placement: 'right' }),
    ),
  );

  // A modal step: centred over a backdrop, labelled by its title, described by its body, focus on Next.
  const welcome = dialog(w.page, 'Welcome aboard');
  await welcome.waitFor();
  expect(await welcome.getAttribute('aria-modal')).toBe('true');
  expect(
    await welcome.evaluate((el) => {
      const root = el.getRootNode() as ShadowRoot;
      return root.getElementById(el.getAttribute('aria-describedby')!)?.textContent;
    }),
  ).toBe('A short tour.\nThree steps.');
  expect(await welcome.getByText('Step 1 of 3').count()).toBe(1);
  const b = await box(welcome);
  expect(Math.abs(b.x + b.width / 2 - 500)).toBeLessThan(2);
  expect(Math.abs(b.y + b.height / 2 - 380)).toBeLessThan(2);
  expect(await focused(button(welcome, 'Next'))).toBe(true);
  expect(await button(welcome, 'Back').count()).toBe(0);

  // Enter on Next: the anchored step, below its target with the 12 px gap, its arrow under the target.
  await w.page.keyboard.press('Enter');
  const billing = dialog(w.page, 'Billing lives here');
  await billing.waitFor();
  expect(await billing.getAttribute('aria-modal')).toBeNull();
  const target = await box(w.page.locator('#billing'));
  await expect.poll(async () => Math.round((await box(billing)).y - (target.y + target.height))).toBe(12);
  const arrow = await box(billing.locator('.ar'));
  expect(Math.abs(arrow.x + arrow.width / 2 - (target.x + target.width / 2))).toBeLessThan(2);
  expect(await focused(button(billing, 'Next'))).toBe(true);

  // The arrows move between steps while focus is in the step; Back and Next by Tab and Enter.
  await w.page.keyboard.press('ArrowRight');
  const reports = dialog(w.page, 'Your reports');
  await reports.waitFor();
  const r = await box(w.page.locator('#reports'));
  await expect.poll(async () => Math.round((await box(reports)).x - (r.x + r.width))).toBe(12);
  await w.page.keyboard.press('ArrowLeft');
  await billing.waitFor();
  await w.page.keyboard.press('Shift+Tab');
  expect(await focused(button(billing, 'Back'))).toBe(true);
  await w.page.keyboard.press('Enter');
  await welcome.waitFor();
  await w.page.keyboard.press('Enter');
  await w.page.keyboard.press('Enter');
  await reports.waitFor();
  expect(await focused(button(reports, 'Done'))).toBe(true);
  await w.page.keyboard.press('Enter');

  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'completed', null]]);
  expect((await tourLog(w.page)).filter((e) => e[0] === 'step').map((e) => e[1])).toEqual([
    'welcome',
    'billing',
    'reports',
    'billing',
    'welcome',
    'billing',
    'reports',
  ]);
  expect(await tourElements(w.page)).toBe(0);
  expect(await focused(w.page.locator('#start'))).toBe(true);
  await expect.poll(() => resources(w.page)).toEqual(baseline);
  await w.clean();
  await w.close();
});

it('ends dismissed by Escape and by Close tour, skipped by Skip tour; focus goes back each time', async () => {
  const w = await open(
    '/tour/ends',
    `<main><button id="start">Start</button><a href="#x" id="x">Anchor</a></main>`,
  );
  const run = async (first: TourStep) => {
    await w.page.focus('#start');
    await startTour(w.page, tour(first, step('two')));
    await dialog(w.page, first.title).waitFor();
  };
  await run(step('one', at('#x')));
  await w.page.keyboard.press('Escape');
  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'dismissed', null]]);
  expect(await focused(w.page.locator('#start'))).toBe(true);

  await run(step('one'));
  await button(w.page, 'Close tour').click();
  await expect.poll(async () => (await tourEnds(w.page)).length).toBe(2);
  expect((await tourEnds(w.page))[1]).toEqual(['end', 'dismissed', null]);

  await run(step('one', at('#x')));
  await button(w.page, 'Skip tour').click();
  await expect.poll(async () => (await tourEnds(w.page)).length).toBe(3);
  expect((await tourEnds(w.page))[2]).toEqual(['end', 'skipped', null]);
  expect(await focused(w.page.locator('#start'))).toBe(true);
  expect(await tourElements(w.page)).toBe(0);
  await w.clean();
  await w.close();
});

it('waits for a late target and finds it; a target that never comes ends the tour target_missing, leaving nothing behind', async () => {
  const w = await open('/tour/late', '<main><h1>Late</h1><div id="slot"></div></main>');
  await settle(w.page);
  const baseline = await resources(w.page);
  await startTour(
    w.page,
    tour(
      step('late', { ...at('#late'), title: 'It came', wait_ms: 5000 }),
      step('never', { ...at('#never'), title: 'Never shown', wait_ms: 600 }),
    ),
  );
  await settle(w.page);
  expect(await dialog(w.page, 'It came').count()).toBe(0);
  // The page renders the target later (a hidden element does not count until it is laid out).
  await w.page.evaluate(() => {
    const el = document.createElement('button');
    el.id = 'late';
    el.hidden = true;
    el.textContent = 'Late button';
    document.getElementById('slot')!.append(el);
    setTimeout(() => {
      el.hidden = false;
    }, 300);
  });
  await settle(w.page);
  expect(await dialog(w.page, 'It came').count()).toBe(0);
  await dialog(w.page, 'It came').waitFor();

  // An SPA re-renders the target on a route change: the step finds the new element.
  await w.page.evaluate(() => {
    history.pushState(null, '', '/tour/late?view=2');
    const fresh = document.createElement('button');
    fresh.id = 'late';
    fresh.textContent = 'Re-rendered';
    fresh.className = 'moved';
    document.getElementById('late')!.replaceWith(fresh);
    document.getElementById('slot')!.before(Object.assign(document.createElement('p'), { textContent: 'x' }));
  });
  const lateBox = async () => box(w.page.locator('#late'));
  await expect
    .poll(async () => Math.round((await box(dialog(w.page, 'It came'))).y - ((await lateBox()).y + 21)))
    .toBeLessThan(40);

  const started = Date.now();
  await button(w.page, 'Next').click();
  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'target_missing', null]]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  expect(await dialog(w.page, 'Never shown').count()).toBe(0);
  expect(await tourElements(w.page)).toBe(0);
  await expect.poll(() => resources(w.page)).toEqual(baseline);
  await w.clean();
  await w.close();
});

it('never throws into the page: an invalid selector or a tour without steps ends target_missing with a warning', async () => {
  const w = await open('/tour/bad', '<main><h1>Bad input</h1></main>');
  await startTour(w.page, tour(step('bad', { ...at('##not a selector'), title: 'Bad' })));
  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'target_missing', null]]);
  await startTour(w.page, null as unknown as TourData);
  await expect.poll(async () => (await tourEnds(w.page)).length).toBe(2);
  expect((await tourEnds(w.page))[1]).toEqual(['end', 'target_missing', null]);
  expect(await tourElements(w.page)).toBe(0);
  expect(w.warnings).toEqual(["[widget] the tour step's selector is not valid: ##not a selector"]);
  w.warnings.length = 0;
  await w.clean();
  await w.close();
});

it('scrolls a target into view inside a scroll container and out from under a sticky header', async () => {
  const css =
    'header{position:sticky;top:0;height:100px;background:#234;color:#fff;z-index:5}' +
    '.gap{height:1400px}#box{height:240px;overflow:auto;border:1px solid #999;margin:0 24px}' +
    '#box .in{height:2000px;position:relative}#deep{position:absolute;top:1200px;left:20px}' +
    '#tall{height:700px;background:#eef;margin:0 24px}';
  const w = await open(
    '/tour/scroll',
    `<header>Sticky header</header><main><div class="gap"></div>
     <div id="box"><div class="in"><button id="deep">Deep inside</button></div></div>
     <div class="gap"></div><div id="tall">A tall panel</div><div class="gap"></div></main>`,
    css,
  );
  await startTour(
    w.page,
    tour(
      step('deep', { ...at('#deep'), title: 'Deep target', placement: 'top' }),
      step('tall', { ...at('#tall'), title: 'Tall target' }),
    ),
  );
  await dialog(w.page, 'Deep target').waitFor();
  const geometry = (selector: string) =>
    w.page.evaluate((sel) => {
      const r = document.querySelector(sel)!.getBoundingClientRect();
      const box = document.getElementById('box')!.getBoundingClientRect();
      const header = document.querySelector('header')!.getBoundingClientRect();
      return {
        top: r.top,
        bottom: r.bottom,
        box: { top: box.top, bottom: box.bottom },
        header: header.bottom,
      };
    }, selector);
  const deep = await geometry('#deep');
  expect(deep.top).toBeGreaterThanOrEqual(deep.header);
  expect(deep.bottom).toBeLessThanOrEqual(760);
  expect(deep.top).toBeGreaterThanOrEqual(deep.box.top);
  expect(deep.bottom).toBeLessThanOrEqual(deep.box.bottom);
  const d = await box(dialog(w.page, 'Deep target'));
  expect(Math.round(deep.top - (d.y + d.height))).toBe(12);

  // Centred, the 700 px panel would start under the 100 px header: it is scrolled out from under it.
  await button(w.page, 'Next').click();
  await dialog(w.page, 'Tall target').waitFor();
  const tall = await geometry('#tall');
  expect(tall.top).toBeGreaterThanOrEqual(tall.header);
  expect(tall.top).toBeLessThan(760 / 2);
  expect(await w.page.evaluate((top) => document.elementFromPoint(200, top + 2)?.id, tall.top)).toBe('tall');
  await button(w.page, 'Done').click();
  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'completed', null]]);
  await w.clean();
  await w.close();
});

it('keyboard only: a target_click target joins the step’s tab order and advances; page keys are never taken', async () => {
  const w = await open(
    '/tour/keys',
    `<main><label>Search <input id="field"></label> <button id="menu">Menu</button>
     <p>Text</p><div id="card">Open the card</div></main>`,
    '#card{display:inline-block;padding:8px;border:1px solid #888}',
  );
  await w.page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { pageKeys: string[] }).pageKeys = seen;
    document.addEventListener('keydown', (e) => seen.push(`${e.key}${e.defaultPrevented ? ' taken' : ''}`));
    document.getElementById('card')!.addEventListener('click', () => seen.push('card clicked'));
  });
  const pageKeys = () => w.page.evaluate(() => (window as unknown as { pageKeys: string[] }).pageKeys);
  await w.page.focus('#field');
  await startTour(
    w.page,
    tour(
      step('menu', { ...at('#menu'), title: 'Open the menu', advance: 'target_click' }),
      step('card', { ...at('#card'), title: 'Open a card', advance: 'target_click' }),
      step('end', { title: 'All done' }),
    ),
  );
  const menu = dialog(w.page, 'Open the menu');
  await menu.waitFor();
  // No Next on a target_click step: focus is on the step itself.
  expect(await button(menu, 'Next').count()).toBe(0);
  expect(await focused(menu)).toBe(true);

  // Focus outside the step: the page's arrow keys are its own.
  await w.page.focus('#field');
  await w.page.keyboard.press('ArrowRight');
  await w.page.keyboard.press('ArrowLeft');
  expect(await pageKeys()).toEqual(['ArrowRight', 'ArrowLeft']);
  expect((await tourLog(w.page)).filter((e) => e[0] === 'step')).toHaveLength(1);

  // Tab from the step's last element reaches the target; Shift+Tab from the target comes back.
  await menu.focus();
  await w.page.keyboard.press('Tab');
  expect(await focused(button(menu, 'Close tour'))).toBe(true);
  await w.page.keyboard.press('Tab');
  expect(await focused(button(menu, 'Skip tour'))).toBe(true);
  await w.page.keyboard.press('Tab');
  expect(await focused(w.page.locator('#menu'))).toBe(true);
  await w.page.keyboard.press('Shift+Tab');
  expect(await focused(button(menu, 'Skip tour'))).toBe(true);
  await w.page.keyboard.press('Tab');
  await w.page.keyboard.press('Enter');

  // A target that is not focusable by itself becomes tabbable for the step, and Enter activates it.
  const card = dialog(w.page, 'Open a card');
  await card.waitFor();
  expect(await w.page.locator('#card').getAttribute('tabindex')).toBe('0');
  for (const name of ['Close tour', 'Skip tour', 'Back']) {
    await w.page.keyboard.press('Tab');
    expect(await focused(button(card, name))).toBe(true);
  }
  await w.page.keyboard.press('Tab');
  expect(await focused(w.page.locator('#card'))).toBe(true);
  await w.page.keyboard.press('Enter');
  const end = dialog(w.page, 'All done');
  await end.waitFor();
  expect(await w.page.locator('#card').getAttribute('tabindex')).toBeNull();
  expect((await pageKeys()).filter((k) => k === 'card clicked')).toHaveLength(1);

  // A modal step keeps focus inside: Tab wraps around.
  expect(await focused(button(end, 'Done'))).toBe(true);
  await w.page.keyboard.press('Tab');
  expect(await focused(button(end, 'Close tour'))).toBe(true);
  await w.page.keyboard.press('Shift+Tab');
  expect(await focused(button(end, 'Done'))).toBe(true);
  await w.page.keyboard.press('Escape');
  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'dismissed', null]]);
  // The keys the step handled never reached the page's listener as untaken keys.
  expect((await pageKeys()).filter((k) => k.startsWith('Escape'))).toEqual([]);
  expect(await focused(w.page.locator('#field'))).toBe(true);
  await w.clean();
  await w.close();
});

it('follows its target on resize, under a transformed ancestor, above the page’s own overlays', async () => {
  const w = await open(
    '/tour/layout',
    `<main><div class="wrap"><div class="shift"><button id="center">Centre</button></div></div>
     <div class="overlay">A page overlay</div></main>`,
    '.wrap{width:60%;margin:120px auto 0;text-align:center}.shift{transform:translateX(40px) scale(.9)}' +
      '.overlay{position:fixed;left:0;right:0;top:160px;height:200px;background:#fc8a;z-index:99999}',
  );
  await startTour(
    w.page,
    tour(step('center', { ...at('#center'), title: 'In the middle', placement: 'bottom' })),
  );
  const d = dialog(w.page, 'In the middle');
  await d.waitFor();
  const beside = async () => {
    const t = await box(w.page.locator('#center'));
    const s = await box(d);
    return [
      Math.round(s.y - (t.y + t.height)),
      Math.abs(Math.round(s.x + s.width / 2 - (t.x + t.width / 2))),
    ];
  };
  await expect.poll(beside).toEqual([12, 0]);
  const before = await box(d);
  await w.page.setViewportSize({ width: 760, height: 700 });
  await expect.poll(async () => (await box(d)).x).not.toBe(before.x);
  await expect.poll(beside).toEqual([12, 0]);
  // Above the page's overlay (z-index 99999): the step is what is under the pointer.
  const s = await box(d);
  expect(
    await w.page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('data-widget-chrome'),
      [s.x + 20, s.y + 20],
    ),
  ).toBe('tour');
  await button(d, 'Done').click();
  await w.clean();
  await w.close();
});

it('end-of-tour feedback on the last step: a 1-5 rating and a comment go to onEnd(completed)', async () => {
  const w = await open('/tour/feedback', '<main><button id="start">Start</button></main>');
  const data = {
    steps: [step('one'), step('last', { title: 'That is all' })],
    feedback: { enabled: true, question: 'How useful was this tour?' },
  };
  await startTour(w.page, data);
  const first = dialog(w.page, 'Title one');
  await first.waitFor();
  expect(await first.getByRole('group').count()).toBe(0);
  await button(first, 'Next').click();
  const last = dialog(w.page, 'That is all');
  const question = last.getByRole('group', { name: 'How useful was this tour?' });
  await question.waitFor();
  await button(question, '4 out of 5').click();
  expect(await button(question, '4 out of 5').getAttribute('aria-pressed')).toBe('true');
  expect(await button(question, '2 out of 5').getAttribute('aria-pressed')).toBe('false');
  await question.getByRole('textbox', { name: 'Comment (optional)' }).fill('  Clear and short.  ');
  await button(last, 'Done').click();
  await expect
    .poll(() => tourEnds(w.page))
    .toEqual([['end', 'completed', { rating: 4, comment: 'Clear and short.' }]]);

  // Without a rating there is no feedback; the arrows do not complete the tour from the last step.
  await startTour(w.page, data, { startAt: 'last' });
  await last.waitFor();
  await w.page.keyboard.press('ArrowRight');
  expect(await last.count()).toBe(1);
  await w.page.keyboard.press('Enter');
  await expect.poll(async () => (await tourEnds(w.page)).at(-1)).toEqual(['end', 'completed', null]);
  await w.clean();
  await w.close();
});

it('a body swap ends a running tour (it does not follow) and leaves nothing behind; one started afterwards works; stop() likewise', async () => {
  const body = '<main><h1>Swapped</h1><button id="billing">Billing</button></main>';
  const w = await open('/tour/swap', body);
  await settle(w.page);
  const baseline = await resources(w.page);
  await startTour(w.page, tour(step('billing', { ...at('#billing'), title: 'Billing' }), step('two')));
  await dialog(w.page, 'Billing').waitFor();
  await w.page.evaluate((html) => {
    const next = document.createElement('body');
    next.innerHTML = html;
    document.documentElement.replaceChild(next, document.body);
  }, body);
  await expect.poll(() => tourEnds(w.page)).toEqual([['end', 'interrupted', null]]);
  expect(await dialog(w.page, 'Billing').count()).toBe(0);
  expect(await tourElements(w.page)).toBe(0);
  // The stand-in launcher was put back into the new body; the tour was not.
  expect(await w.page.locator('[data-widget-chrome="launcher"]').count()).toBe(1);
  await expect.poll(() => resources(w.page)).toEqual(baseline);

  await startTour(w.page, tour(step('again', { ...at('#billing'), title: 'Billing again' })));
  const again = dialog(w.page, 'Billing again');
  await again.waitFor();
  const t = await box(w.page.locator('#billing'));
  await expect.poll(async () => Math.round((await box(again)).y - (t.y + t.height))).toBe(12);
  await stopTour(w.page);
  expect(await again.count()).toBe(0);
  expect(await tourElements(w.page)).toBe(0);
  await expect.poll(() => resources(w.page)).toEqual(baseline);
  expect(await tourEnds(w.page)).toHaveLength(1);
  await w.clean();
  await w.close();
});

it('light and dark, desktop and 390 px: brand colours applied (screenshots in .tmp/tour-shots)', async () => {
  const dir = join(ROOT, '.tmp', 'tour-shots');
  mkdirSync(dir, { recursive: true });
  const theme = { brand: '#7b2cbf', on_brand: '#ffffff', accent: '#7b2cbf', accent_dark: '#c9a4ef' };
  const body =
    '<main><h1>Acme dashboard</h1><p>Welcome back. Here is what changed since your last visit.</p>' +
    '<nav><button id="billing">Billing</button> <button id="reports">Reports</button></nav>' +
    '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p></main>';
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1000, 390]) {
      const w = await open(`/tour/shot-${scheme}-${width}`, body, 'nav{display:flex;gap:12px}', {
        colorScheme: scheme,
        viewport: { width, height: 700 },
      });
      await startTour(
        w.page,
        {
          steps: [
            step('billing', {
              ...at('#billing'),
              title: 'Billing lives here',
              body: 'Invoices, payment methods and your plan, all in one place.',
            }),
            step('done', { title: 'You are all set', body: 'That was the tour. Tell us how it went.' }),
          ],
          feedback: { enabled: true, question: 'How useful was this tour?' },
        },
        { theme },
      );
      const anchored = dialog(w.page, 'Billing lives here');
      await anchored.waitFor();
      await settle(w.page);
      await w.page.screenshot({ path: join(dir, `anchored-${scheme}-${width}.png`) });
      const colours = await button(anchored, 'Next').evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(colours).toBe('rgb(123, 44, 191)');
      expect(await anchored.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
        scheme === 'dark' ? 'rgb(31, 34, 41)' : 'rgb(255, 255, 255)',
      );
      const s = await box(anchored);
      expect(s.x).toBeGreaterThanOrEqual(8);
      expect(s.x + s.width).toBeLessThanOrEqual(width - 8);
      await button(anchored, 'Next').click();
      const modal = dialog(w.page, 'You are all set');
      await modal.waitFor();
      await button(modal, '5 out of 5').click();
      await settle(w.page);
      await w.page.screenshot({ path: join(dir, `modal-${scheme}-${width}.png`) });
      await w.clean();
      await w.close();
    }
  }
});
