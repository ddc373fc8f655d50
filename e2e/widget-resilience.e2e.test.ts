import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { mangleProps } from '../scripts/mangle-props';
import { launchChromium } from './support/browser';
import { type HostServer, hostPage, snippet, startHostServer } from './support/host-server';
import { ROOT } from './support/server';
import { e2eTempDir } from './support/temp';
import {
  type HostWindow,
  launcher,
  panelFrame,
  seedWorkspace,
  waitForLauncher,
  watchedPage,
} from './support/widget';

let browser: Browser;
let host: HostServer;
let websiteId: string;
const api = () => inject('serverUrl');
const LAUNCHERS = '[data-widget-chrome="launcher"]';

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

const turboPage = (title: string, links: string, opts: { snippetIn: 'head' | 'body' }) => {
  const s = snippet(api(), websiteId);
  return hostPage(
    `<script type="module" src="/turbo.js"></script>${opts.snippetIn === 'head' ? s : ''}`,
    `<main><h1>${title}</h1>${links}</main>${opts.snippetIn === 'body' ? s : ''}`,
  );
};

it('Turbo Drive navigations: the widget follows the body swaps, the open panel is refilled, no stale copies', async () => {
  const w = await watchedPage(browser);
  host.page('/turbo/one', turboPage('Page one', '<a href="/turbo/two">Go to two</a>', { snippetIn: 'head' }));
  host.page('/turbo/two', turboPage('Page two', '<a href="/turbo/one">Go to one</a>', { snippetIn: 'head' }));
  await w.page.goto(`${host.url}/turbo/one`);
  await waitForLauncher(w.page);
  await w.page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
  await launcher(w.page).click();
  await panelFrame(w.page).getByRole('tabpanel', { name: 'Chat' }).waitFor();

  await w.page.getByRole('link', { name: 'Go to two' }).click();
  await w.page.getByRole('heading', { name: 'Page two' }).waitFor();
  // A Turbo visit, not a page load: the window survived.
  expect(
    await w.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);
  // The panel iframe was reloaded by the swap and is filled again.
  await panelFrame(w.page).getByRole('tabpanel', { name: 'Chat' }).waitFor();
  await launcher(w.page, 'Close support').click();

  for (let i = 0; i < 3; i++) {
    await w.page.getByRole('link', { name: 'Go to one' }).click();
    await w.page.getByRole('heading', { name: 'Page one' }).waitFor();
    await w.page.getByRole('link', { name: 'Go to two' }).click();
    await w.page.getByRole('heading', { name: 'Page two' }).waitFor();
  }
  await w.page.goBack(); // a restoration visit from Turbo's snapshot cache
  await w.page.getByRole('heading', { name: 'Page one' }).waitFor();
  await waitForLauncher(w.page);
  expect(await w.page.locator(LAUNCHERS).count()).toBe(1);
  await launcher(w.page).click();
  await panelFrame(w.page).getByRole('tabpanel', { name: 'Chat' }).waitFor();
  expect(w.requests.filter((r) => r.path.startsWith('/widget/boot'))).toHaveLength(1);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('Turbo pages that carry the snippet in <body> run it on every visit, harmlessly', async () => {
  const w = await watchedPage(browser);
  host.page(
    '/turbo-body/one',
    turboPage('Body one', '<a href="/turbo-body/two">Next</a>', { snippetIn: 'body' }),
  );
  host.page(
    '/turbo-body/two',
    turboPage('Body two', '<a href="/turbo-body/one">Back</a>', { snippetIn: 'body' }),
  );
  await w.page.goto(`${host.url}/turbo-body/one`);
  await waitForLauncher(w.page);
  for (let i = 0; i < 3; i++) {
    await w.page.getByRole('link', { name: 'Next' }).click();
    await w.page.getByRole('heading', { name: 'Body two' }).waitFor();
    await w.page.getByRole('link', { name: 'Back' }).click();
    await w.page.getByRole('heading', { name: 'Body one' }).waitFor();
  }
  await w.page.evaluate(() => (window as unknown as HostWindow).$widget.push(['open']));
  await w.page.getByRole('dialog', { name: 'Support' }).waitFor();
  expect(await w.page.locator(LAUNCHERS).count()).toBe(1);
  expect(w.requests.filter((r) => r.path.startsWith('/widget/boot'))).toHaveLength(1);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('a page assigning document.body by hand gets the widget back, panel included', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/swap/by-hand', hostPage(snippet(api(), websiteId))));
  await waitForLauncher(w.page);
  await launcher(w.page).click();
  for (let i = 0; i < 5; i++) {
    await w.page.evaluate((n) => {
      const body = document.createElement('body');
      body.innerHTML = `<main><h1>Swapped ${n}</h1></main>`;
      document.body = body;
    }, i);
    await w.page.getByRole('heading', { name: `Swapped ${i}` }).waitFor();
    await launcher(w.page, 'Close support').waitFor();
  }
  await panelFrame(w.page).getByRole('tabpanel', { name: 'Chat' }).waitFor();
  expect(await w.page.locator(LAUNCHERS).count()).toBe(1);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('a page removing the widget over and over wins after 20 restores (within 10 seconds), with one warning', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/swap/loop', hostPage(snippet(api(), websiteId))));
  await waitForLauncher(w.page);
  // The page removes the launcher whenever it is back (as a framework re-rendering the body would), driven by
  // the widget's own restores rather than a timer: the brake must stop the widget, not the test's clock.
  await w.page.evaluate((selector) => {
    const page = window as unknown as { __removed: number; __remover: MutationObserver };
    page.__removed = 0;
    const removeLauncher = () => {
      const launcher = document.querySelector(selector);
      if (launcher && page.__removed < 100) {
        launcher.remove();
        page.__removed++;
      }
    };
    page.__remover = new MutationObserver(removeLauncher);
    page.__remover.observe(document.body, { childList: true });
    removeLauncher();
  }, LAUNCHERS);
  await expect
    .poll(() => w.warnings)
    .toEqual([
      '[widget] the page removed the widget more than 20 times in 10 seconds; it is not restored again until the next page load',
    ]);
  const after = await w.page.evaluate(async (selector) => {
    const page = window as unknown as { __removed: number; __remover: MutationObserver };
    page.__remover.disconnect();
    // One more change to <body>. Observers are told in the order they were made, so by the time this new
    // one hears of it, a chrome keeper still watching would have put the launcher back.
    const told = new Promise<void>((resolve) => {
      const probe = new MutationObserver(() => {
        probe.disconnect();
        resolve();
      });
      probe.observe(document.body, { childList: true });
    });
    document.body.append(document.createElement('p'));
    await told;
    return { removed: page.__removed, launchers: document.querySelectorAll(selector).length };
  }, LAUNCHERS);
  // The first removal and the removal of each of the 20 restores.
  expect(after).toEqual({ removed: 21, launchers: 0 });
  expect(w.warnings).toHaveLength(1);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('SPA routes: pushState, replaceState and popstate keep the widget working', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/spa', hostPage(snippet(api(), websiteId))));
  await waitForLauncher(w.page);
  await w.page.evaluate(() => {
    history.pushState({}, '', '/spa/settings');
    document.querySelector('main')!.innerHTML = '<h1>Settings</h1>';
    history.replaceState({}, '', '/spa/settings?tab=billing');
    history.pushState({}, '', '/spa/reports');
  });
  await w.page.goBack();
  await launcher(w.page).click();
  await panelFrame(w.page).getByRole('tabpanel', { name: 'Chat' }).waitFor();
  expect(w.page.url()).toBe(`${host.url}/spa/settings?tab=billing`);
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('the route watcher (minified like the widget) fires its hook once per change and leaves nothing behind', async () => {
  const { build } = await import('vite');
  const out = e2eTempDir('route-watcher-');
  let code: string;
  try {
    await build({
      configFile: false,
      logLevel: 'silent',
      root: ROOT,
      plugins: [mangleProps({ module: false })],
      build: {
        outDir: out,
        lib: {
          entry: join(ROOT, 'widget/core/route-watcher.ts'),
          formats: ['iife'],
          name: 'RouteWatcher',
          fileName: () => 'rw.js',
        },
      },
    });
    code = readFileSync(join(out, 'rw.js'), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/spa/watcher', hostPage('')));
  await w.page.addScriptTag({ content: code });
  const result = await w.page.evaluate(async () => {
    const g = window as unknown as {
      RouteWatcher: { watchRoutes(w: Window, f: (href: string) => void): () => void };
    };
    const seen: string[] = [];
    // The page's own listener, added after the watcher's: when it hears an event, the watcher has too.
    const fired = (type: string) => new Promise((r) => window.addEventListener(type, r, { once: true }));
    const stop = g.RouteWatcher.watchRoutes(window, (href) =>
      seen.push(new URL(href).pathname + new URL(href).search + new URL(href).hash),
    );
    history.pushState({}, '', '/a');
    history.pushState({}, '', '/a'); // same URL: not a change
    history.replaceState({ x: 1 }, '', '/a'); // state only: not a change
    history.replaceState({}, '', '/a?b=1');
    // hashchange and popstate both signal it: one change. hashchange comes last (a task after popstate).
    let signals = Promise.all([fired('popstate'), fired('hashchange')]);
    location.hash = 'h';
    await signals;
    signals = Promise.all([fired('popstate'), fired('hashchange')]);
    history.back(); // a traversal: popstate, then hashchange as the fragment changes back
    await signals;
    stop();
    history.pushState({}, '', '/after-stop'); // synchronous: a watcher still wrapping would see it now
    return { seen, native: history.pushState.toString().includes('[native code]') };
  });
  expect(result).toEqual({ seen: ['/a', '/a?b=1', '/a?b=1#h', '/a?b=1'], native: true });
  await w.close();
});

it('a widget that cannot start (unknown website id) warns once and leaves no element, listener or patch behind', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/teardown', hostPage('<script>window.__x=1</script>')));
  const cdp = await w.context.newCDPSession(w.page);
  const listeners = async () => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    const doc = await cdp.send('Runtime.evaluate', { expression: 'document' });
    const d = await cdp.send('DOMDebugger.getEventListeners', { objectId: doc.result.objectId! });
    return listeners.length + d.listeners.length;
  };
  const baseline = await listeners();
  await w.page.evaluate((src) => {
    (window as unknown as HostWindow).$widget = [];
    (window as unknown as { WIDGET_WEBSITE_ID: string }).WIDGET_WEBSITE_ID = '01jd2m7r3x8k9q4w5e6t7y8v9a';
    const s = document.createElement('script');
    s.src = src;
    document.head.appendChild(s);
  }, `${api()}/cdn/l.js`);
  await expect.poll(() => w.warnings.length, { timeout: 10_000 }).toBe(1);
  expect(w.warnings[0]).toMatch(/^\[widget\] the widget could not start \(404 not_found/);
  expect(await w.page.locator(LAUNCHERS).count()).toBe(0);
  expect(await listeners()).toBe(baseline);
  expect(await w.page.evaluate(() => history.pushState.toString().includes('[native code]'))).toBe(true);
  // Calls after a failed start are dropped quietly and never throw.
  await w.page.evaluate(() => (window as unknown as HostWindow).Widget.open());
  expect(w.errors).toEqual([]);
  await w.close();
});
