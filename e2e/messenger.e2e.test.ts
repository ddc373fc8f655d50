import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { type HostServer, snippet, startHostServer } from './support/host-server';
import { demoCredentials, ROOT } from './support/server';
import {
  noAutoStart,
  ops,
  panelFrame,
  portalSession,
  type Seeded,
  seedWorkspace,
  showHelp,
  watchedPage,
} from './support/widget';

/**
 * The messenger as a visitor meets it, in Chromium at 1280x800 and 390x844, light and dark, in English,
 * French (chosen by the workspace) and German (chosen by the browser). Screenshots go to SCREENS_DIR
 * (default .tmp/screens) for people to look at; the assertions are what the tests hold.
 */

let browser: Browser;
let host: HostServer;
let demo: { websiteId: string };
const api = () => inject('serverUrl');
const SHOTS = process.env.SCREENS_DIR ?? join(ROOT, '.tmp', 'screens');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  browser = await launchChromium();
  host = await startHostServer();
  demo = demoCredentials(inject('serverDataDir'));
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await host?.close();
});

/** A small store page (it follows the visitor's colour scheme too) with the snippet. */
function storePage(path: string, websiteId: string): string {
  const copy =
    '<p>Light, responsive and made for every day: our best-selling running shoe is back in six colours, ' +
    'with a softer sole and a recycled upper that breathes on long runs.</p>';
  return host.page(
    path,
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<meta name="color-scheme" content="light dark"><title>Acme Running</title>${snippet(api(), websiteId)}</head>` +
      `<body><header><strong>Acme Running</strong> · Shoes · Apparel · Sale</header><main><h1>Cloud Runner 3</h1>${copy.repeat(14)}</main></body></html>`,
  );
}

/** A workspace of its own, its articles published and its widget set through the portal operations. */
async function storeWorkspace(
  articles: { title: string; body: string }[],
  settings: Record<string, unknown>,
): Promise<Seeded> {
  const ws = await seedWorkspace();
  const portal = await portalSession(ws);
  for (const [position, a] of articles.entries()) {
    const { data } = await portal<{ data: { id: string } }>(
      'POST',
      `/workspaces/${ws.workspaceId}/articles`,
      {
        ...a,
        position,
      },
    );
    await portal('POST', `/workspaces/${ws.workspaceId}/articles/${data.id}/publish`);
  }
  if (Object.keys(settings).length > 0)
    await portal('PATCH', `/workspaces/${ws.workspaceId}/widget/settings`, settings);
  return ws;
}

const launcherStyle = (page: Page) =>
  page.evaluate(() => {
    const button = document
      .querySelector('[data-widget-chrome="launcher"]')!
      .shadowRoot!.querySelector('button.l')!;
    const s = getComputedStyle(button);
    const box = button.getBoundingClientRect();
    return { background: s.backgroundColor, color: s.color, left: box.left, right: innerWidth - box.right };
  });
const bodyColors = (frame: FrameLocator) =>
  frame.locator('body').evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color]);

it('a fresh workspace opens on Chat (auto, nothing else to offer), with Help beside it: its name, a greeting, search; no dead end', async () => {
  const ws = await seedWorkspace();
  const w = await watchedPage(browser, { viewport: DESKTOP });
  await w.page.goto(storePage('/fresh', ws.websiteId));
  await w.page.getByRole('button', { name: 'Open support', exact: true }).click();
  const frame = panelFrame(w.page);
  await frame.getByRole('heading', { level: 1, name: 'Seeded workspace' }).waitFor();
  expect(await frame.getByRole('tab').allTextContents()).toEqual(['Help', 'Chat']);
  const chat = frame.getByRole('tabpanel', { name: 'Chat' });
  await chat.getByRole('status').filter({ hasText: 'No conversations yet.' }).waitFor();
  await chat.getByRole('button', { name: 'New conversation' }).waitFor();
  expect(await frame.getByText('Onboarding', { exact: true }).count()).toBe(0);
  await frame.getByRole('tab', { name: 'Help' }).click();
  await frame.getByText('Hi there', { exact: true }).waitFor();
  await frame.getByText('How can we help?', { exact: true }).waitFor();
  await frame.getByRole('status').filter({ hasText: 'There are no help articles yet.' }).waitFor();
  await frame.getByRole('searchbox', { name: 'Search help' }).fill('shipping');
  await frame.getByRole('status').filter({ hasText: 'No articles match “shipping”.' }).waitFor();
  // Nothing found: the next step is a message to the team.
  await frame.getByRole('button', { name: 'Message us' }).click();
  await frame
    .getByRole('tabpanel', { name: 'Chat' })
    .getByRole('button', { name: 'New conversation' })
    .waitFor();
  expect(w.errors).toEqual([]);
  expect(w.warnings).toEqual([]);
  await w.close();
});

for (const viewport of [DESKTOP, PHONE]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`English at ${size}, ${colorScheme}: home, results, an article with its date and feedback, no results`, async () => {
      const w = await watchedPage(browser, { viewport, colorScheme, locale: 'en-US' });
      await noAutoStart(w.page); // the demo workspace's tours are not this test's subject
      await w.page.goto(storePage(`/en/${size}/${colorScheme}`, demo.websiteId));
      await w.page.getByRole('button', { name: 'Open support', exact: true }).waitFor({ timeout: 15_000 });
      await w.page.screenshot({ path: join(SHOTS, `en-${size}-${colorScheme}-0-closed.png`) });
      await w.page.getByRole('button', { name: 'Open support', exact: true }).click();
      const frame = panelFrame(w.page);
      await showHelp(frame);
      await frame
        .getByRole('list', { name: 'Articles' })
        .getByRole('button', { name: 'Track your order' })
        .waitFor();
      await frame.getByRole('heading', { level: 1, name: 'Acme Demo' }).waitFor();

      // Full screen on a phone, a floating card on a desktop; the panel follows the colour scheme.
      // Measured once the opening animation has finished (it scales the panel up from 97 %).
      const dialog = w.page.getByRole('dialog', { name: 'Support' });
      await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const box = (await dialog.boundingBox())!;
      if (viewport === PHONE) expect(box).toEqual({ x: 0, y: 0, width: 390, height: 844 });
      else expect([box.width, DESKTOP.width - (box.x + box.width)]).toEqual([400, 20]);
      expect(await bodyColors(frame)).toEqual(
        colorScheme === 'dark'
          ? ['rgb(17, 19, 23)', 'rgb(233, 235, 240)']
          : ['rgb(243, 245, 248)', 'rgb(31, 36, 48)'],
      );
      await w.page.screenshot({ path: join(SHOTS, `en-${size}-${colorScheme}-1-home.png`) });

      await frame.getByRole('searchbox', { name: 'Search help' }).fill('password');
      await frame.getByRole('status').filter({ hasText: '1 article found.' }).waitFor();
      await w.page.screenshot({ path: join(SHOTS, `en-${size}-${colorScheme}-2-results.png`) });

      await frame.getByRole('button', { name: 'Reset your password' }).click();
      await frame.getByRole('heading', { level: 2, name: 'Reset your password' }).waitFor();
      expect(await frame.getByText(/^Updated [A-Z][a-z]+ \d{1,2}, \d{4}$/).count()).toBe(1);
      // Links take the workspace's accent for this scheme (the brand colour, lightened on dark).
      expect(
        await frame.getByRole('link', { name: 'contact us' }).evaluate((a) => getComputedStyle(a).color),
      ).toBe(colorScheme === 'dark' ? 'rgb(87, 135, 190)' : 'rgb(31, 95, 168)');
      const question = frame.getByRole('group', { name: 'Was this helpful?' });
      await question.getByRole('button', { name: 'Yes' }).click();
      await question.getByRole('status').filter({ hasText: 'Thanks for letting us know.' }).waitFor();
      expect(await question.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
      await w.page.screenshot({ path: join(SHOTS, `en-${size}-${colorScheme}-3-article.png`) });
      await question.getByRole('button', { name: 'No' }).click();
      await expect
        .poll(() => question.getByRole('button', { name: 'No' }).getAttribute('aria-pressed'))
        .toBe('true');
      expect(await question.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('false');
      const votes = () =>
        w.requests.filter((r) => /^\/widget\/articles\/\w+\/feedback$/.test(r.path)).map((r) => r.status);
      await expect.poll(votes).toEqual([200, 200]);

      await frame.getByRole('button', { name: 'Back to articles' }).click();
      await frame.getByRole('searchbox', { name: 'Search help' }).fill('zebra crossing');
      await frame.getByRole('status').filter({ hasText: 'No articles match “zebra crossing”.' }).waitFor();
      await w.page.screenshot({ path: join(SHOTS, `en-${size}-${colorScheme}-4-noresults.png`) });
      await frame.getByRole('button', { name: 'Browse all articles' }).click();
      await frame.getByRole('list', { name: 'Articles' }).waitFor();
      expect(await frame.getByRole('searchbox', { name: 'Search help' }).inputValue()).toBe('');
      expect(w.errors).toEqual([]);
      expect(w.warnings).toEqual([]);
      await w.close();
    });
  }
}

const FRENCH = [
  {
    title: 'Réinitialiser votre mot de passe',
    body: 'Mot de passe oublié ? Ouvrez la page de connexion et choisissez **Mot de passe oublié**.\n\nSi aucun e-mail n’arrive, [écrivez-nous](https://example.com/contact).',
  },
  {
    title: 'Suivre votre commande',
    body: 'Chaque commande a une page de suivi, dans **Compte > Commandes**.',
  },
  {
    title: 'Retours et remboursements',
    body: 'Vous pouvez retourner la plupart des articles sous 30 jours.',
  },
];

it('the workspace sets the brand colour (text colour picked for contrast), the left side, its greeting and French', async () => {
  const ws = await storeWorkspace(FRENCH, {
    brand_color: '#FFD800',
    launcher_side: 'left',
    greeting: 'Bienvenue chez Acme ! Posez-nous vos questions.',
    language: 'fr',
  });
  for (const [viewport, colorScheme] of [
    [DESKTOP, 'light'],
    [PHONE, 'dark'],
  ] as const) {
    const size = `${viewport.width}x${viewport.height}`;
    // The browser prefers English; the workspace chose French, which wins.
    const w = await watchedPage(browser, { viewport, colorScheme, locale: 'en-US' });
    await w.page.goto(storePage(`/fr/${size}/${colorScheme}`, ws.websiteId));
    const open = w.page.getByRole('button', { name: 'Ouvrir l’assistance', exact: true });
    await open.waitFor({ timeout: 15_000 });
    expect(await launcherStyle(w.page)).toMatchObject({
      background: 'rgb(255, 216, 0)',
      color: 'rgb(0, 0, 0)',
      left: 20,
    });
    await open.click();
    await w.page.getByRole('dialog', { name: 'Assistance' }).waitFor();
    const frame = w.page.frameLocator('iframe[title="Panneau d’assistance"]');
    await showHelp(frame, 'Aide');
    await frame.getByText('Bienvenue chez Acme ! Posez-nous vos questions.', { exact: true }).waitFor();
    expect(await frame.locator('html').getAttribute('lang')).toBe('fr');
    expect(await frame.locator('header').evaluate((h) => getComputedStyle(h).color)).toBe('rgb(0, 0, 0)');
    await frame
      .getByRole('list', { name: 'Articles' })
      .getByRole('button', { name: 'Suivre votre commande' })
      .waitFor();
    await w.page.screenshot({ path: join(SHOTS, `fr-${size}-${colorScheme}-1-home.png`) });

    await frame.getByRole('searchbox', { name: 'Rechercher dans l’aide' }).fill('zèbre');
    await frame.getByRole('status').filter({ hasText: 'Aucun article ne correspond à « zèbre ».' }).waitFor();
    await frame.getByRole('button', { name: 'Parcourir tous les articles' }).click();
    await frame.getByRole('button', { name: 'Réinitialiser votre mot de passe' }).click();
    await frame.getByRole('heading', { level: 2, name: 'Réinitialiser votre mot de passe' }).waitFor();
    expect(await frame.getByText(/^Mis à jour le \d{1,2} \S+ \d{4}$/).count()).toBe(1);
    const question = frame.getByRole('group', { name: 'Cet article vous a-t-il aidé ?' });
    await question.getByRole('button', { name: 'Oui' }).click();
    await question.getByRole('status').filter({ hasText: 'Merci pour votre retour.' }).waitFor();
    await w.page.screenshot({ path: join(SHOTS, `fr-${size}-${colorScheme}-3-article.png`) });
    await frame.getByRole('button', { name: 'Fermer l’assistance' }).click();
    await w.page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(w.errors).toEqual([]);
    expect(w.warnings).toEqual([]);
    await w.close();
  }
});

it("with language auto the visitor's browser decides: German from navigator.languages, English otherwise", async () => {
  const ws = await storeWorkspace(
    [
      {
        title: 'Passwort zurücksetzen',
        body: 'Öffnen Sie die Anmeldeseite und wählen Sie **Passwort vergessen**.',
      },
      { title: 'Bestellung verfolgen', body: 'Jede Bestellung hat eine Seite zur Sendungsverfolgung.' },
    ],
    {},
  );
  // The operator's way to the same settings: npm run ops -- widget <workspace> key=value.
  await ops([
    'widget',
    ws.workspaceId,
    'brand_color=#0A7C55',
    'language=auto',
    'greeting=none',
    'launcher_side=right',
  ]);
  const w = await watchedPage(browser, { viewport: PHONE, locale: 'de-DE', colorScheme: 'light' });
  const chunks: string[] = [];
  w.page.on('request', (r) => {
    const m = /\/assets\/(lang-\w+)-/.exec(r.url());
    if (m) chunks.push(m[1]!);
  });
  await w.page.goto(storePage('/de', ws.websiteId));
  await w.page.getByRole('button', { name: 'Support öffnen', exact: true }).waitFor({ timeout: 15_000 });
  expect(await launcherStyle(w.page)).toMatchObject({
    background: 'rgb(10, 124, 85)',
    color: 'rgb(255, 255, 255)',
    right: 20,
  });
  await w.page.getByRole('button', { name: 'Support öffnen', exact: true }).click();
  await w.page.getByRole('dialog', { name: 'Support' }).waitFor();
  const frame = w.page.frameLocator('iframe[title="Support-Fenster"]');
  await showHelp(frame, 'Hilfe');
  await frame.getByText('Hallo', { exact: true }).waitFor();
  await frame.getByText('Wie können wir helfen?', { exact: true }).waitFor();
  await frame.getByRole('searchbox', { name: 'Hilfe durchsuchen' }).fill('passwort');
  await frame.getByRole('status').filter({ hasText: '1 Artikel gefunden.' }).waitFor();
  await frame
    .getByRole('list', { name: 'Suchergebnisse' })
    .getByRole('button', { name: 'Passwort zurücksetzen' })
    .click();
  await frame.getByText(/^Aktualisiert am \d{1,2}\. \S+ \d{4}$/).waitFor();
  await frame.getByRole('group', { name: 'War das hilfreich?' }).getByRole('button', { name: 'Ja' }).click();
  await frame.getByRole('status').filter({ hasText: 'Danke für Ihre Rückmeldung.' }).waitFor();
  await w.page.screenshot({ path: join(SHOTS, 'de-390x844-light-3-article.png') });
  // Back to the results of the search, and from there to every article.
  await frame.getByRole('button', { name: 'Zurück zu den Artikeln' }).click();
  await frame.getByRole('list', { name: 'Suchergebnisse' }).waitFor();
  await frame.getByRole('searchbox', { name: 'Hilfe durchsuchen' }).fill('');
  await frame
    .getByRole('list', { name: 'Artikel' })
    .getByRole('button', { name: 'Bestellung verfolgen' })
    .waitFor();
  expect(chunks).toEqual(['lang-de']);
  await w.close();

  // The same workspace in an English browser: English, and no language chunk fetched at all.
  const en = await watchedPage(browser, { viewport: PHONE, locale: 'en-GB' });
  const fetched: string[] = [];
  en.page.on('request', (r) => fetched.push(r.url()));
  await en.page.goto(storePage('/de-en', ws.websiteId));
  await en.page.getByRole('button', { name: 'Open support', exact: true }).click();
  await showHelp(panelFrame(en.page));
  await panelFrame(en.page).getByText('How can we help?', { exact: true }).waitFor();
  expect(fetched.filter((u) => u.includes('/assets/lang-'))).toEqual([]);
  await en.close();
});

it('on a phone the page behind the panel does not scroll, and keeps its scroll position and own style', async () => {
  const w = await watchedPage(browser, { viewport: PHONE });
  await noAutoStart(w.page);
  await w.page.goto(storePage('/scroll', demo.websiteId));
  const open = w.page.getByRole('button', { name: 'Open support', exact: true });
  await open.waitFor({ timeout: 15_000 });
  await w.page.evaluate(() => {
    // Tall enough to scroll 300 px whatever the fonts make of the copy (Debian's Chromium lays it out shorter).
    document.body.style.setProperty('min-height', '2000px');
    document.documentElement.style.setProperty('overflow', 'auto');
    window.scrollTo(0, 300);
  });
  const page = () =>
    w.page.evaluate(() => ({
      y: Math.round(window.scrollY),
      html: getComputedStyle(document.documentElement).overflow,
      inline: document.documentElement.style.getPropertyValue('overflow'),
    }));
  const at = await page();
  expect(at, JSON.stringify(at)).toEqual({ y: 300, html: 'auto', inline: 'auto' });
  await open.click();
  const frame = panelFrame(w.page);
  await showHelp(frame);
  await frame.getByRole('list', { name: 'Articles' }).waitFor();
  expect(await page()).toEqual({ y: 300, html: 'hidden', inline: 'hidden' });
  await w.page.mouse.move(195, 600);
  await w.page.mouse.wheel(0, 900);
  await w.page.mouse.wheel(0, 900);
  expect((await page()).y).toBe(300);
  await frame.getByRole('button', { name: 'Close support' }).click();
  await w.page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect(await page()).toEqual({ y: 300, html: 'auto', inline: 'auto' });
  await w.page.mouse.wheel(0, 400);
  await expect.poll(async () => (await page()).y).toBeGreaterThan(300);
  await w.close();

  // On a desktop the panel floats beside the page, which keeps scrolling.
  const d = await watchedPage(browser, { viewport: DESKTOP });
  await noAutoStart(d.page);
  await d.page.goto(storePage('/scroll-desktop', demo.websiteId));
  await d.page.getByRole('button', { name: 'Open support', exact: true }).click();
  await showHelp(panelFrame(d.page));
  await panelFrame(d.page).getByRole('list', { name: 'Articles' }).waitFor();
  expect(await d.page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
  await d.close();
});

it('focus rings show for the keyboard only', async () => {
  // A workspace without a program (the demo's would add an Onboarding tab and may make it the default).
  const ws = await storeWorkspace(
    [
      { title: 'Reset your password', body: 'Use the link on the sign-in page.' },
      { title: 'Track your order', body: 'Open **Orders** and choose the order.' },
      { title: 'Returns and refunds', body: 'Send it back within 30 days.' },
    ],
    {},
  );
  const w = await watchedPage(browser, { viewport: DESKTOP });
  await w.page.goto(storePage('/focus', ws.websiteId));
  const open = w.page.getByRole('button', { name: 'Open support', exact: true });
  await open.click();
  const frame = panelFrame(w.page);
  await frame.getByRole('tabpanel', { name: 'Chat' }).waitFor();
  const ringed = () =>
    frame
      .locator('body')
      .evaluate(() =>
        [...document.querySelectorAll(':focus-visible')]
          .map((el) => [el.tagName, getComputedStyle(el).outlineStyle])
          .filter(([, outline]) => outline !== 'none'),
      );
  // Opened with the mouse: focus is in the panel, but nothing shows a ring (and no keyboard pops up).
  expect(await frame.locator('.panel').evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await ringed()).toEqual([]);
  await frame.getByRole('tab', { name: 'Help' }).click();
  await frame.getByRole('list', { name: 'Articles' }).waitFor();
  expect(await ringed()).toEqual([]);
  await frame.getByRole('button', { name: 'Track your order' }).click();
  await frame.getByRole('heading', { level: 2, name: 'Track your order' }).waitFor();
  expect(await ringed()).toEqual([]);
  await frame.getByRole('button', { name: 'Back to articles' }).click();
  await frame.getByRole('list', { name: 'Articles' }).waitFor();
  expect(await ringed()).toEqual([]);
  // The keyboard: the focused control shows its ring.
  await w.page.keyboard.press('Tab');
  await expect.poll(ringed).toEqual([['BUTTON', 'solid']]);
  await frame.getByRole('button', { name: 'Close support' }).click();
  await w.page.getByRole('dialog').waitFor({ state: 'hidden' });
  // Focus is back on the launcher, without a ring: the panel was closed with the mouse.
  expect(
    await w.page.evaluate(() => {
      const root = document.querySelector('[data-widget-chrome="launcher"]')!.shadowRoot!;
      return [root.activeElement?.getAttribute('aria-label'), root.activeElement?.matches(':focus-visible')];
    }),
  ).toEqual(['Open support', false]);
  await w.close();
});

it('opening and closing animate briefly, and not at all with prefers-reduced-motion', async () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const w = await watchedPage(browser, { viewport: DESKTOP, reducedMotion });
    await w.page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { __animations: number[] }).__animations = seen;
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (this: Element, frames, options) {
        seen.push(Number((options as KeyframeAnimationOptions | undefined)?.duration ?? 0));
        return animate.call(this, frames, options);
      };
    });
    await noAutoStart(w.page);
    await w.page.goto(storePage(`/motion/${reducedMotion}`, demo.websiteId));
    await w.page.getByRole('button', { name: 'Open support', exact: true }).click();
    await showHelp(panelFrame(w.page));
    await panelFrame(w.page).getByRole('list', { name: 'Articles' }).waitFor();
    await w.page.getByRole('button', { name: 'Close support', exact: true }).click();
    await w.page.getByRole('dialog').waitFor({ state: 'hidden' });
    const durations = await w.page.evaluate(
      () => (window as unknown as { __animations: number[] }).__animations,
    );
    expect(durations).toEqual(reducedMotion === 'reduce' ? [] : [180, 130]);
    await w.close();
  }
});
