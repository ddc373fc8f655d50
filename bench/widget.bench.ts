import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../e2e/support/browser';
import { demoCredentials, startChildServer } from '../e2e/support/server';
import { ensureWidgetBuilt } from '../scripts/build-widget';
import { summarize } from './stats';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { url?: string; frame?: string } };
}

/** Total time covered by intervals, overlaps counted once (nested trace events would double-count). */
function covered(intervals: [number, number][]): number {
  const sorted = intervals.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [s, e] of sorted) {
    if (e <= end) continue;
    total += e - Math.max(s, end);
    end = e;
  }
  return total;
}

const RUNS = 12;

/**
 * The widget on a fixture page in Chromium, cold each run (fresh context, nothing cached): main-thread
 * time in the widget's scripts during boot (trace events attributed to /cdn/ URLs), loader start to
 * launcher visible, and long tasks over 50 ms on the page during the first 3 seconds.
 */
export async function widgetBench(): Promise<void> {
  await ensureWidgetBuilt();
  const server = await startChildServer({ LOG_LEVEL: 'warn' });
  const { websiteId } = demoCredentials(server.dataDir);
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Bench host</title>
<script>
window.__longTasks = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push(e.duration); }).observe({ type: 'longtask', buffered: true });
(function poll() {
  var b = document.querySelector('[data-widget-chrome="launcher"]');
  b = b && b.shadowRoot && b.shadowRoot.querySelector('button');
  if (b && b.getBoundingClientRect().width > 0) window.__visibleAt = performance.now();
  else requestAnimationFrame(poll);
})();
window.$widget = []; window.WIDGET_WEBSITE_ID = ${JSON.stringify(websiteId)};
</script>
<script async src="${server.url}/cdn/l.js"></script></head>
<body><main><h1>A host page</h1><p>${'Some content. '.repeat(200)}</p></main></body></html>`;
  const host = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  const browser = await launchChromium();
  const scriptMs: number[] = [];
  const visibleMs: number[] = [];
  const longTasks: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute'] });
      await page.goto(hostUrl);
      await page.getByRole('button', { name: 'Open support' }).waitFor({ timeout: 20_000 });
      // Strings, not functions: tsx would wrap named functions in a helper the page does not have.
      await page.waitForFunction('window.__visibleAt !== undefined');
      const visibleAt = (await page.evaluate('window.__visibleAt')) as number;
      const loaderStart = (await page.evaluate(
        `performance.getEntriesByType('resource').find((e) => e.name.endsWith('/l.js'))?.responseEnd ?? 0`,
      )) as number;
      await page.waitForTimeout(3000 - Math.min(3000, visibleAt));
      const buffer = await browser.stopTracing();
      const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
      const ours = traceEvents.filter(
        (e) =>
          e.ph === 'X' &&
          e.dur !== undefined &&
          [
            'EvaluateScript',
            'v8.compile',
            'v8.compileModule',
            'v8.evaluateModule',
            'FunctionCall',
            'v8.run',
          ].includes(e.name) &&
          (e.args?.data?.url ?? '').includes('/cdn/'),
      );
      scriptMs.push(covered(ours.map((e) => [e.ts, e.ts + e.dur!])) / 1000);
      visibleMs.push(visibleAt - loaderStart);
      longTasks.push(
        ...(await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)),
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((r) => host.close(() => r()));
    await server.stop();
  }
  if (process.env.BENCH_VERBOSE) console.log({ scriptMs, visibleMs });
  const s = summarize(scriptMs);
  const v = summarize(visibleMs);
  console.log(`widget boot in Chromium (${RUNS} cold runs, fixture page, loopback API)`);
  console.log(`  main thread in widget scripts   p50 ${s.p50} ms  p95 ${s.p95} ms  mean ${s.mean} ms`);
  console.log(`  l.js loaded -> launcher visible  p50 ${v.p50} ms  p95 ${v.p95} ms  mean ${v.mean} ms`);
  console.log(
    `  long tasks > 50 ms (whole page)  ${longTasks.length} in ${RUNS} runs${longTasks.length ? ` (${longTasks.map((d) => d.toFixed(0)).join(', ')} ms)` : ''}`,
  );
}
