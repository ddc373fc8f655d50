import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { ROOT } from './support/server';
import { launcher, noAutoStart, panelFrame, waitForLauncher, watchedPage } from './support/widget';

let browser: Browser;
const shots = join(ROOT, '.tmp');

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(shots, { recursive: true });
});
afterAll(async () => browser?.close());

it('/demo is a store a visitor shops in, with the widget in the corner answering from the help links', async () => {
  const w = await watchedPage(browser);
  await noAutoStart(w.page); // the demo workspace's tours are not this test's subject
  await w.page.setViewportSize({ width: 1280, height: 800 });
  await w.page.goto(`${inject('serverUrl')}/demo`);
  await w.page.getByRole('heading', { name: 'Gear for every trail', level: 1 }).waitFor();
  await waitForLauncher(w.page);
  expect(
    await w.page
      .getByRole('list')
      .filter({ has: w.page.getByRole('img') })
      .getByRole('listitem')
      .count(),
  ).toBe(4);
  await w.page.getByRole('button', { name: 'Add Trail Runner 2 to cart' }).click();
  await w.page.getByRole('button', { name: 'Add Camp mug to cart' }).click();
  await w.page.getByRole('button', { name: 'Cart 2' }).click();
  await w.page.getByRole('status').filter({ hasText: 'Your cart holds 2 items.' }).waitFor();
  await w.page.screenshot({ path: join(shots, 'demo-store-1280.png') });

  // A help link on the page opens the article in the widget (helpdesk.openArticle through the queue).
  await w.page.getByRole('button', { name: 'Where is my order?' }).click();
  await w.page.getByRole('dialog', { name: 'Support' }).waitFor();
  const frame = panelFrame(w.page);
  await frame.getByRole('heading', { name: 'Track your order', level: 2 }).waitFor();
  await frame.getByRole('heading', { name: 'Where to find it', level: 3 }).waitFor();
  await frame.getByRole('strong').filter({ hasText: 'Track order' }).waitFor();
  await w.page.screenshot({ path: join(shots, 'demo-store-article-1280.png') });
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('/demo fits a phone', async () => {
  const w = await watchedPage(browser);
  await w.page.setViewportSize({ width: 390, height: 844 });
  await w.page.goto(`${inject('serverUrl')}/demo`);
  await waitForLauncher(w.page);
  const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await w.page.screenshot({ path: join(shots, 'demo-store-390.png') });
  expect(w.errors).toEqual([]);
  await w.close();
});

it('/demo/api keeps a button per Widget call', async () => {
  const w = await watchedPage(browser);
  await noAutoStart(w.page);
  await w.page.goto(`${inject('serverUrl')}/demo/api`);
  await w.page.getByRole('heading', { name: 'Widget API harness', level: 1 }).waitFor();
  await waitForLauncher(w.page);
  await w.page.getByRole('button', { name: 'Widget.open()' }).click();
  await w.page.getByRole('dialog', { name: 'Support' }).waitFor();
  await w.page.getByRole('button', { name: "helpdesk.openArticle('track-your-order')" }).click();
  await panelFrame(w.page).getByRole('heading', { name: 'Track your order', level: 2 }).waitFor();
  await w.page.getByRole('button', { name: 'Widget.close()' }).click();
  await w.page.getByRole('dialog', { name: 'Support' }).waitFor({ state: 'hidden' });
  expect(await launcher(w.page).getAttribute('aria-expanded')).toBe('false');
  await w.page.getByRole('link', { name: 'Back to the demo store' }).click();
  await w.page.getByRole('heading', { name: 'Gear for every trail' }).waitFor();
  expect(w.errors).toEqual([]);
  await w.close();
});

it('the favicon loads as an image, as .ico and as .svg', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(`${inject('serverUrl')}/demo`);
  const sizes = await w.page.evaluate(async () =>
    Promise.all(
      ['/favicon.ico', '/favicon.svg'].map(
        (src) =>
          new Promise<number>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth);
            img.onerror = () => resolve(-1);
            img.src = src;
          }),
      ),
    ),
  );
  expect(sizes[0]).toBe(16);
  expect(sizes[1]).toBeGreaterThan(0);
  await w.close();
});
