import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/support/browser';
import { buildLocateHarness } from '../e2e/support/walkthrough-harness';
import { DIST_DIR } from '../runtime/widget-bundle';
import { ensureWidgetBuilt } from '../scripts/build-widget';
import { summarize } from './stats';

const SECTIONS = 250;
const STEPS = 400;

/**
 * A page of about 5,000 elements: sections in a main landmark, each a heading, a form with labelled inputs,
 * a list of rows with Edit/Delete buttons (the same names in every section: the locator must use ancestors)
 * and links.
 */
function bigPage(): string {
  let html = '<header><nav>';
  for (let i = 0; i < 20; i++) html += `<a href="/p${i}" class="nav-link">Page ${i}</a>`;
  html += '</nav></header><main>';
  for (let s = 0; s < SECTIONS; s++) {
    html += `<section id="sec-${s}" aria-label="Section ${s}"><h2>Section ${s}</h2><form class="f">`;
    html += `<label for="name-${s}">Name ${s}</label><input id="name-${s}" name="name">`;
    html += `<label>Email ${s}<input type="email" name="email"></label>`;
    html += '<button type="submit">Save</button></form><ul>';
    for (let r = 0; r < 3; r++)
      html += `<li class="row r${r}"><span>Row ${r}</span><button class="edit">Edit</button><button class="del">Delete</button></li>`;
    html += `</ul><a href="/more/${s}">More about section ${s}</a></section>`;
  }
  return `${html}</main>`;
}

type D = Record<string, unknown>;

/** Steps of every kind, pointing all over the page. */
function steps(): D[] {
  const out: D[] = [];
  for (let i = 0; i < STEPS; i++) {
    const s = (i * 37) % SECTIONS;
    const kind = i % 4;
    if (kind === 0)
      out.push({ selector_candidates: [`#name-${s}`], role: 'textbox', name: `Name ${s}`, tag: 'input' });
    else if (kind === 1)
      out.push({
        selector_candidates: ['#stale-id', `#sec-${s} button[type=submit]`],
        role: 'button',
        name: 'Save',
        tag: 'button',
        nearest_landmark: 'region',
      });
    else if (kind === 2)
      out.push({
        selector_candidates: ['li.r1 button.edit'],
        role: 'button',
        name: 'Edit',
        tag: 'button',
        ancestors: [
          { selectors: [`#sec-${s}`], prev: [], next: [] },
          { selectors: ['li.r1'], prev: ['li.r0'], next: ['li.r2'] },
        ],
      });
    else out.push({ role: 'link', name: `More about section ${s}`, tag: 'a' });
  }
  return out.map((d) => ({
    selector_candidates: [],
    role: null,
    name: null,
    tag: null,
    nearest_landmark: null,
    ancestors: [],
    ...d,
  }));
}

/**
 * `npm run bench -- walkthrough`: the walkthrough locator in Chromium on a page of about 5,000 elements,
 * the time per step over many steps (p50/p95/p99), and the walkthrough chunk's gzip size.
 */
export async function walkthroughBench(): Promise<void> {
  await ensureWidgetBuilt(DIST_DIR);
  const harness = await buildLocateHarness();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(`<!doctype html><html lang="en"><body>${bigPage()}</body></html>`);
    await page.addScriptTag({ content: harness });
    const count = (await page.evaluate('document.getElementsByTagName("*").length')) as number;
    const all = steps();
    // One warm-up pass (JIT), then the measured one.
    await page.evaluate(`window.locateTest.time(${JSON.stringify(all.slice(0, 40))})`);
    const ms = (await page.evaluate(`window.locateTest.time(${JSON.stringify(all)})`)) as number[];
    const found = (await page.evaluate(
      `${JSON.stringify(all)}.filter((d) => window.locateTest.locate(d).startsWith('found')).length`,
    )) as number;
    const s = summarize(ms);
    console.log(`walkthrough locator: ${count} elements, ${s.n} steps (${found} found unambiguously)`);
    console.log(`  per step: p50 ${s.p50} ms, p95 ${s.p95} ms, p99 ${s.p99} ms, mean ${s.mean} ms`);
  } finally {
    await browser.close();
  }
  const assets = join(DIST_DIR, 'assets');
  for (const prefix of ['walkthrough-', 'position-']) {
    const file = readdirSync(assets).find((f) => f.startsWith(prefix) && f.endsWith('.js'));
    if (!file) continue;
    const raw = readFileSync(join(assets, file));
    console.log(
      `  ${file}: ${(raw.length / 1024).toFixed(1)} KB minified, ${(gzipSync(raw, { level: 9 }).length / 1024).toFixed(2)} KB gzip`,
    );
  }
}
