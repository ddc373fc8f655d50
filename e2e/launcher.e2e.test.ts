import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { ROOT } from './support/server';
import type { HostWindow } from './support/widget';

let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => browser?.close());

it('the demo page boots the widget once and the launcher opens and closes the panel', async () => {
  await page.goto(`${inject('serverUrl')}/demo`);
  const launcher = page.getByRole('button', { name: 'Open support' });
  await expect.poll(() => launcher.count(), { timeout: 15_000 }).toBe(1);
  expect(await page.locator('[data-widget-chrome]').count()).toBeGreaterThanOrEqual(1);

  await launcher.click();
  const panel = page.getByRole('dialog', { name: 'Support' });
  await panel.waitFor({ state: 'visible' });
  const launcherNow = page.getByRole('button', { name: 'Close support' }).last();
  expect(await launcherNow.getAttribute('aria-expanded')).toBe('true');

  // The panel is a src-less iframe in the page's origin, with its contents loaded lazily.
  const frame = page.frameLocator('iframe[title="Support panel"]');
  await frame.getByRole('heading', { name: 'Acme Demo' }).waitFor();
  expect(await page.locator('iframe[title="Support panel"]').getAttribute('src')).toBeNull();
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  await page.screenshot({ path: join(ROOT, '.tmp', 'launcher-open.png') });

  await frame.getByRole('button', { name: 'Close support' }).click();
  await panel.waitFor({ state: 'detached' });
  expect(await page.getByRole('button', { name: 'Open support' }).getAttribute('aria-expanded')).toBe(
    'false',
  );

  // Keyboard: open with Enter, close with Escape inside the panel.
  await page.getByRole('button', { name: 'Open support' }).focus();
  await page.keyboard.press('Enter');
  await frame.getByRole('heading', { name: 'Acme Demo' }).waitFor();
  await frame.getByRole('button', { name: 'Close support' }).press('Escape');
  await panel.waitFor({ state: 'detached' });
  expect(errors).toEqual([]);
});

it('running the snippet again does not boot a second widget', async () => {
  await page.goto(`${inject('serverUrl')}/demo`);
  await page.getByRole('button', { name: 'Open support' }).waitFor();
  await page.evaluate(
    async (src) => {
      const s = document.createElement('script');
      s.src = src;
      document.head.appendChild(s);
      await new Promise((r) => s.addEventListener('load', r));
    },
    `${inject('serverUrl')}/cdn/l.js`,
  );
  // The load event fires after l.js ran. A second boot would have replaced Widget with a new queue-backed
  // stub (whose calls reach nothing) and appended a second entry script; instead one entry script, and
  // Widget still drives the running widget: open() opens its panel.
  expect(await page.locator('script[type="module"][data-widget-chrome]').count()).toBe(1);
  await page.evaluate(() => (window as unknown as HostWindow).Widget.open());
  await page.getByRole('dialog', { name: 'Support' }).waitFor({ state: 'visible' });
  expect(await page.locator('[data-widget-chrome="launcher"]').count()).toBe(1);
  expect(errors).toEqual([]);
});
