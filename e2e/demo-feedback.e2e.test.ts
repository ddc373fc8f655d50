import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { noAutoStart, waitForLauncher, watchedPage } from './support/widget';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/**
 * The demo's second page, where its survey lives (server-core/setup/demo-visible-experiences.ts): reached
 * from the store's nav, the widget installed under the same strict CSP, and the decision asked for that page.
 */
it('the store nav leads to /demo/feedback, a second demo page with the widget, its decision for that page', async () => {
  const w = await watchedPage(browser);
  await noAutoStart(w.page); // the store tour is not this test's subject
  await w.page.goto(`${inject('serverUrl')}/demo`);
  await waitForLauncher(w.page);
  await w.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Feedback' }).click();
  await w.page.getByRole('heading', { name: 'Thanks for shopping with us', level: 1 }).waitFor();
  expect(new URL(w.page.url()).pathname).toBe('/demo/feedback');
  await waitForLauncher(w.page);
  await expect
    .poll(() =>
      w.requests.some(
        (r) =>
          r.status === 200 &&
          r.path.startsWith('/widget/experiences?') &&
          new URL(decodeURIComponent(r.path.split('url=')[1]!.split('&')[0]!)).pathname === '/demo/feedback',
      ),
    )
    .toBe(true);
  await w.page.getByRole('link', { name: 'Back to the demo store' }).click();
  await w.page.getByRole('heading', { name: 'Gear for every trail', level: 1 }).waitFor();
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('/demo/feedback fits a phone, and so does the store with its four nav links', async () => {
  const w = await watchedPage(browser, { viewport: { width: 390, height: 844 } });
  await noAutoStart(w.page);
  for (const path of ['/demo/feedback', '/demo']) {
    await w.page.goto(`${inject('serverUrl')}${path}`);
    await waitForLauncher(w.page);
    const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  expect(w.errors).toEqual([]);
  await w.close();
});

it('the demo shows one of each: on /demo the delivery banner, the basket launcher and the unread gift-card announcement; on /demo/feedback the survey', async () => {
  const w = await watchedPage(browser);
  await w.page.goto(`${inject('serverUrl')}/demo/feedback`);
  const survey = w.page.getByRole('region', { name: 'Survey' });
  await survey.waitFor();
  await survey.getByRole('button', { name: 'Close survey' }).click();
  await expect.poll(() => survey.count()).toBe(0);

  await noAutoStart(w.page); // the store tour would take the slot; the rest is not intrusive
  await w.page.goto(`${inject('serverUrl')}/demo`);
  await w.page.getByRole('region', { name: 'Free delivery this week.' }).waitFor();
  const basket = w.page.getByRole('button', { name: 'Show tip', exact: true });
  await basket.waitFor();
  await basket.hover();
  await expect.poll(() => w.page.getByRole('tooltip').textContent()).toBe('Your basket lives here.');
  await w.page.getByRole('button', { name: 'Open support, 1 unread announcement' }).waitFor();
  expect(w.errors).toEqual([]);
  await w.close();
});
