import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { expectNoProblems, openConsole, PHONE } from './support/console';
import { type ChildServer, startChildServer } from './support/server';

/**
 * The public pages' per-address limit as a person meets it, at 390x844: the reset page asked for a link
 * more often than a network may (5 a minute) says so and how long to wait; the invitation page, whose
 * bucket the guesses of the same network spent, says the same instead of a blank page. A server of its own,
 * so the spent buckets of this address slow no other test.
 */
let browser: Browser;
let server: ChildServer;

beforeAll(async () => {
  server = await startChildServer();
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('asking for reset links too often shows the throttle and its wait; so does an invitation link after guesses', async () => {
  const c = await openConsole(browser, server.url, PHONE, '/app/reset-password');
  try {
    const { page } = c;
    // Five are answered; the sixth is refused (a few more when the five straddle a minute's end).
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'Too many password reset requests from this network.' });
    let asked = 0;
    while (asked < 11) {
      await page.goto(`${server.url}/app/reset-password`);
      await page.getByLabel('Email').fill(`someone-${asked}@example.test`);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      asked++;
      const sent = page.getByRole('status').filter({ hasText: 'a link to choose a new password' });
      await sent.or(alert).waitFor();
      if (await alert.isVisible()) break;
    }
    expect(asked).toBeGreaterThan(5);
    expect(await alert.textContent()).toMatch(/Try again in \d+ seconds?\./);

    // Guessing invitation tokens from this network spends its bucket; the page then says so.
    let guesses = 0;
    for (;;) {
      const res = await fetch(`${server.url}/api/v1/invitations/preview`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: `guess-${guesses}` }),
      });
      guesses++;
      if (res.status === 429) break;
      expect(res.status).toBe(410);
      expect(guesses).toBeLessThan(42);
    }
    expect(guesses).toBeGreaterThan(20);
    await page.goto(`${server.url}/app/invitations/accept?token=guess-x`);
    await page
      .getByRole('alert')
      .filter({ hasText: /Too many attempts from this network\. Try again in/ })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expectNoProblems(c);
  } finally {
    await c.close();
  }
});
