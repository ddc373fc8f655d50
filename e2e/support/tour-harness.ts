import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { mangleProps } from '../../scripts/mangle-props';
import type { HostServer } from './host-server';
import { ROOT } from './server';
import type { TourTest } from './tour-page';

/**
 * The tour chunk is not reachable from the widget until the experiences engine calls it, so its e2e
 * tests bundle it themselves: e2e/support/tour-page.ts (the chunk, with the core's bus, chrome keeper
 * and route watcher) built by vite and minified with the widget's property map, into .tmp/.
 */
export async function buildTourHarness(): Promise<string> {
  const { build } = await import('vite');
  const outDir = join(ROOT, '.tmp', 'tour-harness');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: ROOT,
    publicDir: false,
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: [mangleProps({ module: false })],
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2020',
      lib: {
        entry: join(ROOT, 'e2e/support/tour-page.ts'),
        formats: ['iife'],
        name: 'TourHarness',
        fileName: () => 'harness.js',
      },
    },
  });
  return readFileSync(join(outDir, 'harness.js'), 'utf8');
}

export const NONCE = 't0ur-n0nce';
/** The strict policy of e2e/widget-csp-a11y.e2e.test.ts: nonce + strict-dynamic scripts, no styles at all. */
export const STRICT_CSP = `default-src 'none'; script-src 'nonce-${NONCE}' 'strict-dynamic'; style-src 'none'; base-uri 'none'`;

/** What every fixture page looks like (the page's own CSS is adopted too: style-src 'none' allows no <style>). */
const BASE_CSS = `body{margin:0;font:16px/1.5 sans-serif}main{padding:24px}button,input{font:inherit}`;

/**
 * Serves the harness script and a fixture page under the strict CSP (from the host server: another
 * origin than the service), the page's CSS adopted by a nonced script. Returns the page's URL.
 */
export function tourFixture(host: HostServer, harness: string, path: string, body: string, css = ''): string {
  host.page('/tour/harness.js', harness, { 'Content-Type': 'text/javascript; charset=utf-8' });
  const style = `<script nonce="${NONCE}">const s=new CSSStyleSheet();s.replaceSync(${JSON.stringify(
    BASE_CSS + css,
  )});document.adoptedStyleSheets=[s];</script>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tour host</title>${style}` +
    `<script nonce="${NONCE}" defer src="/tour/harness.js"></script></head><body>${body}</body></html>`;
  return host.page(path, html, { 'Content-Security-Policy': STRICT_CSP });
}

type TourWindow = Window & { tourTest: TourTest; __violations: string[] };

/** Records CSP violations from the first script on (read them with violations()). */
export async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
    );
  });
}

export const violations = (page: Page) => page.evaluate(() => (window as unknown as TourWindow).__violations);

/** Starts a tour on the fixture page once the harness has loaded. */
export async function startTour(
  page: Page,
  data: Parameters<TourTest['start']>[0],
  opts: Parameters<TourTest['start']>[1] = {},
): Promise<void> {
  await page.waitForFunction(() => 'tourTest' in window);
  await page.evaluate(([d, o]) => (window as unknown as TourWindow).tourTest.start(d, o), [
    data,
    opts,
  ] as const);
}

/** What onStep and onEnd have seen so far. */
export const tourLog = (page: Page) =>
  page.evaluate(() => (window as unknown as TourWindow).tourTest.log) as Promise<unknown[][]>;

export const tourEnds = async (page: Page) => (await tourLog(page)).filter((entry) => entry[0] === 'end');

export const stopTour = (page: Page) =>
  page.evaluate(() => (window as unknown as TourWindow).tourTest.stop());

export interface Resources {
  listeners: string[];
  observers: number;
  timers: number;
  frames: number;
}

/**
 * Counts what a page has running, from the first script on: event listeners on the window, the document
 * and connected elements (a removed element's listeners go with it), Mutation/Resize/Intersection
 * observers observing, pending timeouts and animation frames. Compare resources(page) before and after.
 */
export async function trackResources(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Rec = { target: EventTarget; type: string; fn: unknown; capture: boolean };
    const recs: Rec[] = [];
    const capture = (o: unknown) => (typeof o === 'boolean' ? o : !!(o as { capture?: boolean })?.capture);
    const proto = EventTarget.prototype;
    const add = proto.addEventListener;
    const remove = proto.removeEventListener;
    proto.addEventListener = function (this: EventTarget, type: string, fn: unknown, o?: unknown) {
      const c = capture(o);
      if (fn && !recs.some((r) => r.target === this && r.type === type && r.fn === fn && r.capture === c))
        recs.push({ target: this, type, fn, capture: c });
      // biome-ignore lint/suspicious/noExplicitAny: the original, called with what it was given
      return (add as any).call(this, type, fn, o);
    };
    proto.removeEventListener = function (this: EventTarget, type: string, fn: unknown, o?: unknown) {
      const c = capture(o);
      const i = recs.findIndex((r) => r.target === this && r.type === type && r.fn === fn && r.capture === c);
      if (i >= 0) recs.splice(i, 1);
      // biome-ignore lint/suspicious/noExplicitAny: the original, called with what it was given
      return (remove as any).call(this, type, fn, o);
    };
    const observing = new Set<unknown>();
    for (const O of [MutationObserver, ResizeObserver, IntersectionObserver]) {
      const p = O.prototype as { observe: (...a: unknown[]) => void; disconnect: () => void };
      const observe = p.observe;
      const disconnect = p.disconnect;
      p.observe = function (...a: unknown[]) {
        observing.add(this);
        return observe.apply(this, a);
      };
      p.disconnect = function () {
        observing.delete(this);
        return disconnect.call(this);
      };
    }
    const timers = new Set<unknown>();
    const st = window.setTimeout;
    const ct = window.clearTimeout;
    window.setTimeout = ((fn: () => void, ms?: number, ...a: unknown[]) => {
      const id = st(
        (...b: unknown[]) => {
          timers.delete(id);
          if (typeof fn === 'function') (fn as (...c: unknown[]) => void)(...b);
        },
        ms,
        ...a,
      );
      timers.add(id);
      return id;
    }) as typeof setTimeout;
    window.clearTimeout = ((id?: number) => {
      timers.delete(id);
      ct(id);
    }) as typeof clearTimeout;
    const frames = new Set<number>();
    const raf = window.requestAnimationFrame;
    const caf = window.cancelAnimationFrame;
    window.requestAnimationFrame = (fn) => {
      const id = raf((t) => {
        frames.delete(id);
        fn(t);
      });
      frames.add(id);
      return id;
    };
    window.cancelAnimationFrame = (id) => {
      frames.delete(id);
      caf(id);
    };
    (window as unknown as { __resources: () => Resources }).__resources = () => ({
      listeners: recs
        .filter((r) => !(r.target instanceof Node) || r.target.isConnected || r.target === document)
        .map((r) => {
          const t = r.target;
          const name =
            t === window ? 'window' : t === document ? 'document' : (t as Element).tagName?.toLowerCase();
          return `${name} ${r.type}${r.capture ? ' (capture)' : ''}`;
        })
        .sort(),
      observers: observing.size,
      timers: timers.size,
      frames: frames.size,
    });
  });
}

export const resources = (page: Page) =>
  page.evaluate(() => (window as unknown as { __resources: () => Resources }).__resources());
