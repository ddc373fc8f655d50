import type { Browser, Page } from 'playwright';
import { expect } from 'vitest';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export interface ConsolePage {
  page: Page;
  /** CSP violations, console errors and page errors, in order. */
  problems: string[];
  close(): Promise<void>;
}

/** A fresh browser context on the console, watching for CSP violations and script errors. */
export async function openConsole(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
  path = '/app/',
): Promise<ConsolePage> {
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
  await page.goto(`${base}${path}`);
  return { page, problems, close: () => context.close() };
}

/** Fills the sign-in page by its labels and waits for the signed-in layout. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** Opens a section by its nav link, through the menu button when the nav is collapsed (narrow screens). */
export async function openSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** No CSP violation and no script error; the 401s and 429s the flows cause on purpose (no session yet, wrong passwords) aside. */
export function expectNoProblems(c: ConsolePage): void {
  expect(
    c.problems.filter((p) => !/status of (401 \(Unauthorized\)|429 \(Too Many Requests\))/.test(p)),
  ).toEqual([]);
}
