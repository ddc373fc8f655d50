import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { noAutoStart, waitForLauncher, watchedPage } from './support/widget';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/**
 * The demo's team setup app (bff/routes/site/demo-setup-pages.ts): "Show me" walks the visitor through the
 * two pages of the form on the published guide, "Do it for me" fills them in (the demo workspace has
 * automation on and its own host verified).
 */
const TITLE = 'Set up your team';
const setupUrl = () => `${inject('serverUrl')}/demo/app/setup`;
const walkthrough = (page: Page) =>
  page
    .getByRole('dialog', { name: `Walkthrough: ${TITLE}`, exact: true })
    .or(page.getByRole('region', { name: `Walkthrough: ${TITLE}`, exact: true }));

it('the store links to the setup app; Show me walks through both pages of the form, step by step', async () => {
  const w = await watchedPage(browser);
  await noAutoStart(w.page);
  await w.page.goto(`${inject('serverUrl')}/demo`);
  await waitForLauncher(w.page);
  await w.page.getByRole('link', { name: 'Team setup app: walkthrough and automation' }).click();
  await w.page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
  await waitForLauncher(w.page);

  await w.page.getByRole('button', { name: 'Show me' }).click();
  await walkthrough(w.page)
    .getByText(/Step 1 of 5/)
    .waitFor();
  await w.page.getByLabel('Team name').fill('Night shift');
  await w.page.getByLabel('Team name').press('Tab');
  await walkthrough(w.page)
    .getByText(/Step 2 of 5/)
    .waitFor();
  await w.page.getByRole('button', { name: 'Next' }).click();
  // The second page, after a full load: the walkthrough resumes where it was.
  await w.page.waitForURL(/\/demo\/app\/setup\/details$/);
  await walkthrough(w.page)
    .getByText(/Step 3 of 5/)
    .waitFor();
  await walkthrough(w.page).getByText('Invite the first teammate by e-mail.').waitFor();
  await w.page.getByLabel("Teammate's e-mail").fill('kim@example.com');
  await w.page.getByLabel("Teammate's e-mail").press('Tab');
  await walkthrough(w.page)
    .getByText(/Step 4 of 5/)
    .waitFor();
  await w.page.getByLabel('Role').selectOption('admin');
  await walkthrough(w.page)
    .getByText(/Step 5 of 5/)
    .waitFor();
  await w.page.getByRole('button', { name: 'Finish setup' }).click();
  await expect
    .poll(() => w.page.getByRole('status').textContent())
    .toBe('Night shift is set up: the invitation is on its way (admin).');
  await expect.poll(() => walkthrough(w.page).count()).toBe(0);
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

it('Do it for me fills in the two-page form with the proposed values and finishes it', async () => {
  const w = await watchedPage(browser);
  await noAutoStart(w.page);
  await w.page.goto(setupUrl());
  await waitForLauncher(w.page);
  await w.page.getByRole('button', { name: 'Do it for me' }).click();
  await w.page.waitForURL(/\/demo\/app\/setup\/details$/);
  await expect
    .poll(() => w.page.getByRole('status').textContent(), { timeout: 30_000 })
    .toBe('Acme support is set up: the invitation is on its way (agent).');
  await expect
    .poll(() =>
      w.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith('/widget/automation-runs/')),
    )
    .toEqual([expect.objectContaining({ status: 200 })]);
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});
