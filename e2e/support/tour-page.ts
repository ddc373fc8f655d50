import { runTour, type TourData, type TourHandle, type TourHost } from '../../widget/chunks/tour';
import { createBus } from '../../widget/core/bus';
import { keepChrome } from '../../widget/core/chrome-keeper';
import { watchRoutes } from '../../widget/core/route-watcher';
import { warn } from '../../widget/core/warn';
import { EN } from '../../widget/ui/messages';

/**
 * The tour chunk on a fixture page, as the widget core will run it (bundled and minified by
 * tour-harness.ts): the core's bus, [widget] warnings and English catalog; a stand-in for the launcher
 * kept by the real chrome keeper (so a body swap emits `restored`); the real route watcher (`route`).
 * Tests drive it through window.tourTest and read what the callbacks saw in `log`.
 */
export interface TourTest {
  log: unknown[][];
  start(data: TourData, opts?: { startAt?: string; theme?: TourHost['theme'] }): void;
  stop(): void;
}

const bus = createBus();
const chrome = document.createElement('div');
chrome.setAttribute('data-widget-chrome', 'launcher');
document.body.appendChild(chrome);
keepChrome(document, chrome, () => bus.emit('restored'));
watchRoutes(window, (href) => bus.emit('route', href));

const log: unknown[][] = [];
let handle: TourHandle | null = null;
const test: TourTest = {
  log,
  start(data, opts = {}) {
    handle = runTour({ warn, events: bus, cat: { lang: 'en', t: EN }, theme: opts.theme }, data, {
      startAt: opts.startAt,
      onStep: (id, index) => log.push(['step', id, index]),
      onEnd: (reason, feedback) => log.push(['end', reason, feedback ?? null]),
    });
  },
  stop: () => handle?.stop(),
};
(window as unknown as { tourTest: TourTest }).tourTest = test;
