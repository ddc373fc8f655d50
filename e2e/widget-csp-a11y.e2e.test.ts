import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { publishArticles } from './support/articles';
import { launchChromium } from './support/browser';
import { type HostServer, hostPage, snippet, startHostServer } from './support/host-server';
import { demoCredentials } from './support/server';
import {
  launcher,
  noAutoStart,
  ops,
  panelFrame,
  seedWorkspace,
  showHelp,
  waitForLauncher,
  watchedPage,
} from './support/widget';

let browser: Browser;
let host: HostServer;
let demo: { websiteId: string };
const api = () => inject('serverUrl');

beforeAll(async () => {
  browser = await launchChromium();
  host = await startHostServer();
  demo = demoCredentials(inject('serverDataDir'));
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

it('works under a strict CSP: nonce + strict-dynamic scripts, no inline styles at all, nothing violated', async () => {
  const w = await watchedPage(browser);
  await w.page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const csp =
    `default-src 'none'; script-src 'nonce-r4nd0m' 'strict-dynamic'; style-src 'none'; ` +
    `connect-src ${api()} ${api().replace('http:', 'ws:')}; img-src ${api()}; base-uri 'none'`;
  const url = host.page('/csp/strict', hostPage(snippet(api(), demo.websiteId, { nonce: 'r4nd0m' })), {
    'Content-Security-Policy': csp,
  });
  await noAutoStart(w.page); // the demo workspace's tours are not this test's subject
  await w.page.goto(url);
  await waitForLauncher(w.page);
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  await showHelp(frame);
  await frame.getByRole('searchbox', { name: 'Search help' }).fill('password');
  await frame.getByRole('button', { name: 'Reset your password' }).click();
  await frame.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await frame.getByRole('img', { name: 'Acme Demo' }).waitFor();
  // The styles applied (constructable stylesheets), in the shadow root and in the panel document.
  const colors = await w.page.evaluate(() => {
    const root = document.querySelector('[data-widget-chrome="launcher"]')!.shadowRoot!;
    const doc = (root.querySelector('iframe') as HTMLIFrameElement).contentDocument!;
    return [
      getComputedStyle(root.querySelector('button.l')!).backgroundColor,
      getComputedStyle(doc.querySelector('header')!).backgroundColor,
    ];
  });
  expect(colors).toEqual(['rgb(31, 95, 168)', 'rgb(31, 95, 168)']);
  expect(await w.page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
    [],
  );
  expect(w.warnings).toEqual([]);
  expect(w.errors).toEqual([]);
  await w.close();
});

it('keyboard: launcher, focus into Chat, the tab bar to Help, results by Tab, Escape closes and focus returns', async () => {
  // A workspace without a program: the demo's would make Onboarding the default tab.
  const ws = await seedWorkspace();
  await publishArticles(ws, [
    { title: 'Track your order', slug: 'track-your-order', body: 'Open **Orders** and choose the order.' },
    { title: 'Reset your password', slug: 'reset-your-password', body: 'Use the link on the sign-in page.' },
  ]);
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/a11y/keys', hostPage(snippet(api(), ws.websiteId))));
  await waitForLauncher(w.page);
  const open = launcher(w.page);
  await open.focus();
  await w.page.keyboard.press('Enter');
  const dialog = w.page.getByRole('dialog', { name: 'Support' });
  await dialog.waitFor();
  const frame = panelFrame(w.page);
  const search = frame.getByRole('searchbox', { name: 'Search help' });
  // No program, no pinned help: `auto` opens Chat, its first control focused; Help is the other tab.
  const start = frame
    .getByRole('tabpanel', { name: 'Chat' })
    .getByRole('button', { name: 'New conversation' });
  await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await frame.getByRole('tab').allTextContents()).toEqual(['Help', 'Chat']);
  // Shift+Tab reaches the selected tab, ArrowLeft selects Help, Tab goes into it: the search box.
  await w.page.keyboard.press('Shift+Tab');
  expect(await frame.locator(':focus').getAttribute('role')).toBe('tab');
  await w.page.keyboard.press('ArrowLeft');
  await expect
    .poll(() => frame.getByRole('tab', { name: 'Help' }).getAttribute('aria-selected'))
    .toBe('true');
  await w.page.keyboard.press('Tab');
  await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
  await w.page.keyboard.type('order');
  // Results arrive as the visitor types: wait for the answer to the whole word.
  const results = frame.getByRole('list', { name: 'Search results' }).getByRole('button');
  await expect.poll(() => results.allTextContents()).toEqual([expect.stringContaining('Track your order')]);
  await w.page.keyboard.press('Tab');
  expect(await frame.locator('button:focus').getAttribute('aria-labelledby')).toMatch(/^hit-/);
  expect(await frame.locator(':focus').textContent()).toContain('Track your order');
  await w.page.keyboard.press('Enter');
  const heading = frame.getByRole('heading', { name: 'Track your order' });
  await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
  // Back returns the focus to the article's entry in the list.
  await frame.getByRole('button', { name: 'Back to articles' }).focus();
  await w.page.keyboard.press('Enter');
  await expect.poll(() => frame.locator(':focus').getAttribute('data-slug')).toBe('track-your-order');
  await w.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect
    .poll(() =>
      w.page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label')),
    )
    .toBe('Open support');
  expect(await open.getAttribute('aria-expanded')).toBe('false');
  await w.close();
});

it('flag off: no Onboarding, Chat | Help; default_tab; launcher icon at 32 px with the bubble as fallback', async () => {
  const ws = await seedWorkspace();
  await ops(['flag', ws.workspaceId, 'feature.experiences.core', 'off']);
  await ops(['widget', ws.workspaceId, 'default_tab=help', `launcher_icon_url=${api()}/demo/logo.svg`]);
  const w = await watchedPage(browser);
  await w.page.goto(host.page('/a11y/flag-off', hostPage(snippet(api(), ws.websiteId))));
  await waitForLauncher(w.page);
  const icon = launcher(w.page).locator('img');
  await expect
    .poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(
    await icon.evaluate((img) => [img.getBoundingClientRect().width, img.getBoundingClientRect().height]),
  ).toEqual([32, 32]);
  await launcher(w.page).click();
  const frame = panelFrame(w.page);
  // The flag allows Chat | Help, in that order; default_tab help opens Help.
  await frame.getByRole('status').filter({ hasText: 'There are no help articles yet.' }).waitFor();
  expect(await frame.getByRole('tab').allTextContents()).toEqual(['Chat', 'Help']);
  expect(await frame.getByRole('tab', { name: 'Help' }).getAttribute('aria-selected')).toBe('true');
  await frame.getByRole('searchbox', { name: 'Search help' }).waitFor();
  await w.close();

  await ops([
    'widget',
    ws.workspaceId,
    'default_tab=onboarding',
    `launcher_icon_url=${api()}/demo/missing.png`,
  ]);
  const w2 = await watchedPage(browser);
  await w2.page.goto(host.page('/a11y/flag-off-2', hostPage(snippet(api(), ws.websiteId))));
  await waitForLauncher(w2.page);
  // The icon fails to load: the bubble comes back.
  await expect.poll(() => launcher(w2.page).locator('svg').count()).toBe(1);
  expect(await launcher(w2.page).locator('img').count()).toBe(0);
  await launcher(w2.page).click();
  // default_tab onboarding without an Onboarding tab falls back to the first tab shown: Chat.
  await panelFrame(w2.page).getByRole('tabpanel', { name: 'Chat' }).waitFor();
  expect(await panelFrame(w2.page).getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe(
    'true',
  );
  // No experience request is made with the flag off (spec widget.md section 1).
  expect(w2.requests.filter((r) => r.path.startsWith('/widget/experiences'))).toEqual([]);
  await w2.close();
});
