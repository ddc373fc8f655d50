import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';

let browser: Browser;
const server = () => inject('serverUrl');

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Watched {
  page: Page;
  /** CSP violations, console errors and page errors, in the order they happened. */
  problems: string[];
  close(): Promise<void>;
}

async function open(viewport: { width: number; height: number }, path: string): Promise<Watched> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.text().startsWith('csp:')) problems.push(m.text());
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (ev) =>
      console.log(`csp: ${ev.effectiveDirective} ${ev.blockedURI}`),
    ),
  );
  const res = await page.goto(`${server()}${path}`);
  const csp = res!.headers()['content-security-policy']!;
  expect(csp).toMatch(/^default-src 'none'; script-src 'nonce-[^']+'; style-src 'self';/);
  expect(csp).not.toContain('unsafe');
  return { page, problems, close: () => context.close() };
}

/** The search box finds an operation, which shows its curl; the rest is filtered out. */
async function findUpsertBySearch(page: Page) {
  await page.getByRole('searchbox', { name: 'Search operations' }).fill('create contact');
  const op = page.locator('section.op#upsertContact');
  await op.waitFor({ state: 'visible' });
  expect(await page.locator('section.op#listContacts').isVisible()).toBe(false);
  expect(await page.locator('#authentication').isVisible()).toBe(false);
  const curl = op.locator('.code.req code');
  await curl.scrollIntoViewIfNeeded();
  expect(await curl.isVisible()).toBe(true);
  const text = await curl.textContent();
  expect(text).toContain(`curl -X POST "${new URL(server()).origin}/api/v1/contacts"`);
  expect(text).toContain('-H "Authorization: Bearer $API_KEY"');
  expect(await op.locator('.op-ex .code').nth(1).textContent()).toContain(
    '"email": "mary@acme-customer.test"',
  );
  return op;
}

it('at 390 x 844: the reference fits the phone, the menu opens and closes, search finds an operation and its curl', async () => {
  const w = await open({ width: 390, height: 844 }, '/docs/');
  const { page } = w;
  expect(new URL(page.url()).pathname).toBe('/docs');
  await page.getByRole('heading', { name: 'Authentication' }).waitFor();
  // Nothing wider than the screen; the menu is closed until asked for.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const nav = page.locator('#nav');
  expect(await nav.isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Menu' }).click();
  expect(await nav.isVisible()).toBe(true);
  await nav.getByRole('link', { name: 'Rate limits' }).click();
  expect(await nav.isVisible()).toBe(false);
  await page.getByRole('heading', { name: 'Rate limits' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Rate limits' }).isVisible()).toBe(true);

  const op = await findUpsertBySearch(page);
  const box = (await op.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(w.problems).toEqual([]);
  await w.close();
});

it('at 1280 x 800: sidebar, search, curl beside the description, copy; the webhook guide too; nothing violated', async () => {
  const w = await open({ width: 1280, height: 800 }, '/docs');
  const { page } = w;
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server() });
  const nav = (await page.locator('#nav').boundingBox())!;
  expect(nav.width).toBeLessThan(1280 * 0.25);
  const op = await findUpsertBySearch(page);
  // Two columns: the examples sit to the right of the description.
  const doc = (await op.locator('.op-doc').boundingBox())!;
  const examples = (await op.locator('.op-ex').boundingBox())!;
  expect(examples.x).toBeGreaterThan(doc.x + doc.width - 1);
  await op.getByRole('button', { name: 'Copy' }).click();
  await op.getByRole('button', { name: 'Copied' }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await op.locator('.code.req code').textContent(),
  );
  // Escape clears the search and brings everything back.
  await page.getByRole('searchbox', { name: 'Search operations' }).press('Escape');
  expect(await page.locator('section.op#listContacts').isVisible()).toBe(true);
  expect(w.problems).toEqual([]);
  await w.close();

  const guide = await open({ width: 1280, height: 800 }, '/docs/webhooks');
  await guide.page.getByRole('heading', { name: 'The signing secret' }).waitFor();
  expect(guide.problems).toEqual([]);
  await guide.close();
});
