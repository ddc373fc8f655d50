import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { publishArticles } from './support/articles';
import { launchChromium } from './support/browser';
import { type HostServer, hostPage, snippet, startHostServer } from './support/host-server';
import { ROOT } from './support/server';
import {
  type HostWindow,
  launcher,
  panelFrame,
  seedWorkspace,
  showHelp,
  waitForLauncher,
  watchedPage,
} from './support/widget';

let browser: Browser;
let host: HostServer;
let websiteId: string;
const api = () => inject('serverUrl');

const SHIPPING = () => `Parcels leave our warehouse *the same day* when you order before **2 pm**.

## Rates

| Zone | Days | Price |
|:-----|:----:|------:|
| Domestic | 1-2 | 4.90 |
| Europe | 3-5 | 9.90 |

## Label

![Parcel label example](${api()}/demo/logo.svg)

- Print the label
  - on A4 paper
  - or on a label printer
- Stick it on the box

> Keep the receipt until the parcel arrives.

\`\`\`
TRACK-0042-XYZ
\`\`\``;

/** Every payload tries to set __pwned on the host page, from the panel or from a frame inside it. */
const HOSTILE = `Hostile [payload](javascript:parent.__pwned=1) and <img src=x onerror="parent.__pwned=1">

<script>parent.__pwned = 1</script>

<svg onload="parent.__pwned=1"></svg> <iframe srcdoc="<script>parent.parent.__pwned=1</script>"></iframe>

<p style="color:red" onclick="parent.__pwned=1">styled</p> [data](data:text/html,<script>parent.__pwned=1</script>)

![broken" onerror="parent.__pwned=1](https://127.0.0.1:9/x.png" onerror="parent.__pwned=1)

[entity](jav&#x09;ascript:parent.__pwned=1) <a href="javascript:parent.__pwned=1">raw link</a>`;

beforeAll(async () => {
  browser = await launchChromium();
  host = await startHostServer();
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const ws = await seedWorkspace();
  websiteId = ws.websiteId;
  await publishArticles(ws, [
    { title: 'Shipping rates', slug: 'shipping-rates', body: SHIPPING() },
    { title: 'Hostile article', slug: 'hostile-article', body: HOSTILE },
  ]);
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** The strict host page of the CSP test, plus a record of every CSP violation the console reports. */
async function openStrictPage(path: string) {
  const w = await watchedPage(browser);
  const csp: string[] = [];
  w.page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
  const policy =
    `default-src 'none'; script-src 'nonce-n0nce' 'strict-dynamic'; style-src 'none'; ` +
    `connect-src ${api()} ${api().replace('http:', 'ws:')}; img-src ${api()}; base-uri 'none'`;
  await w.page.goto(
    host.page(path, hostPage(snippet(api(), websiteId, { nonce: 'n0nce' })), {
      'Content-Security-Policy': policy,
    }),
  );
  await waitForLauncher(w.page);
  await launcher(w.page).click();
  await showHelp(panelFrame(w.page));
  await panelFrame(w.page).getByRole('searchbox', { name: 'Search help' }).waitFor();
  // Listeners go in once the panel document is written (document.open clears earlier ones).
  await w.page.evaluate(() => {
    const frame = document
      .querySelector('[data-widget-chrome="launcher"]')!
      .shadowRoot!.querySelector('iframe') as HTMLIFrameElement;
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    for (const doc of [document, frame.contentDocument!])
      doc.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
  });
  return { ...w, csp };
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
const pwned = (page: Page) =>
  page.evaluate(() => {
    const frame = document
      .querySelector('[data-widget-chrome="launcher"]')!
      .shadowRoot!.querySelector('iframe') as HTMLIFrameElement;
    const flag = (win: Window | null) => (win as unknown as { __pwned?: unknown } | null)?.__pwned;
    return [flag(window), flag(frame.contentWindow)];
  });

async function openArticle(page: Page, frame: FrameLocator, slug: string, title: string) {
  await page.evaluate((s) => (window as unknown as HostWindow).Widget.helpdesk.openArticle(s), slug);
  await frame.getByRole('heading', { name: title, level: 2 }).waitFor();
}

it('an article body shows as rendered Markdown in the panel, under the strict CSP', async () => {
  const w = await openStrictPage('/md/rendered');
  const frame = panelFrame(w.page);
  await openArticle(w.page, frame, 'shipping-rates', 'Shipping rates');
  const article = frame.getByRole('article', { name: 'Shipping rates' });

  await article.getByRole('emphasis').filter({ hasText: 'the same day' }).waitFor();
  await article.getByRole('strong').filter({ hasText: '2 pm' }).waitFor();
  await article.getByRole('heading', { name: 'Rates', level: 3 }).waitFor();
  const table = article.getByRole('table');
  expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Zone', 'Days', 'Price']);
  expect(await table.getByRole('row').nth(2).getByRole('cell').allTextContents()).toEqual([
    'Europe',
    '3-5',
    '9.90',
  ]);
  // Alignment from the delimiter row arrives as a class the panel styles (no style attribute).
  expect(
    await table.getByRole('cell', { name: '9.90' }).evaluate((td) => getComputedStyle(td).textAlign),
  ).toBe('right');
  const image = article.getByRole('img', { name: 'Parcel label example' });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const outer = article.getByRole('list').first();
  expect(await outer.locator(':scope > li').count()).toBe(2);
  expect(await outer.getByRole('list').getByRole('listitem').allTextContents()).toEqual([
    'on A4 paper',
    'or on a label printer',
  ]);
  await article
    .getByRole('blockquote')
    .filter({ hasText: 'Keep the receipt until the parcel arrives.' })
    .waitFor();
  const code = article.locator('pre > code');
  expect(await code.textContent()).toBe('TRACK-0042-XYZ\n');
  expect(await code.evaluate((el) => getComputedStyle(el.parentElement!).overflowX)).toBe('auto');
  await w.page.screenshot({ path: join(ROOT, '.tmp', 'article-markdown-top.png') });
  await code.scrollIntoViewIfNeeded();
  await w.page.screenshot({ path: join(ROOT, '.tmp', 'article-markdown-bottom.png') });
  // Nothing of the Markdown syntax is left on screen.
  expect(await article.innerText()).not.toMatch(/\*\*|\*the|`|!\[|\| *:?-+|^#/m);

  expect(await violations(w.page)).toEqual([]);
  expect(w.csp).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('a hostile article executes nothing, loads nothing and breaks no CSP rule', async () => {
  const w = await openStrictPage('/md/hostile');
  const frame = panelFrame(w.page);
  await openArticle(w.page, frame, 'hostile-article', 'Hostile article');
  const article = frame.getByRole('article', { name: 'Hostile article' });
  await article.getByText('<script>parent.__pwned = 1</script>').waitFor();
  // The raw HTML reads as text; no link leads to script; nothing active made it into the document.
  expect(await article.getByText(/^Hostile \[payload\]\(javascript:/).count()).toBe(1);
  expect(await article.getByRole('link').count()).toBe(0);
  for (const selector of ['script', 'iframe', 'svg', 'img', '[style]', '[onclick]', '[onerror]', '[onload]'])
    expect(await article.locator(selector).count(), selector).toBe(0);
  expect(await pwned(w.page)).toEqual([undefined, undefined]);
  expect(await violations(w.page)).toEqual([]);
  expect(w.csp).toEqual([]);
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});
