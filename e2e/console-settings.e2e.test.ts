import { X509Certificate } from 'node:crypto';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeIdpKeys } from '../server-core/testing/saml-idp';
import { launchChromium } from './support/browser';
import { DESKTOP, expectNoProblems, openConsole, openSection, PHONE, signInAs } from './support/console';
import { type ChildServer, demoCredentials, startChildServer } from './support/server';

/**
 * The console's identity settings, by role and name at desktop size and at 390x844: a SCIM token created
 * (shown once), used by an HTTP client, revoked and then refused; a group mapped to a role; a SAML
 * connection saved with a certificate made here, its fingerprint shown as node:crypto computes it; a trigger
 * message created with page rules and published.
 */
let browser: Browser;
let server: ChildServer;
const base = () => server.url;
const demo = () => demoCredentials(server.dataDir);

beforeAll(async () => {
  server = await startChildServer();
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openSettings(page: Page, name: string) {
  await openSection(page, 'Settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

const scimUsers = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/Users`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('identity settings at %s size', (_size, viewport) => {
  it('creates a SCIM token shown once, which works until it is revoked; maps a group to a role', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/settings/scim');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await page.getByRole('heading', { level: 2, name: 'SCIM provisioning' }).waitFor();
      const baseUrl = await page.getByRole('textbox', { name: 'SCIM base URL' }).inputValue();
      expect(baseUrl).toMatch(new RegExp(`^${base()}/scim/v2/[0-9a-z]{26}$`));

      await page.getByRole('button', { name: 'Create SCIM token' }).click();
      const box = page.getByRole('textbox', { name: 'SCIM token' });
      await box.waitFor();
      const token = await box.inputValue();
      expect(token).toMatch(/^sst_/);
      await page.getByRole('button', { name: 'Done' }).click();
      await box.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(token);
      expect(await scimUsers(baseUrl, token)).toBe(200);

      page.once('dialog', (d) => d.accept());
      const table = page.getByRole('table', { name: 'SCIM tokens' });
      const before = await table.getByText(/^Revoked /).count();
      await table
        .getByRole('button', { name: /^Revoke token created / })
        .first()
        .click();
      await expect.poll(() => table.getByText(/^Revoked /).count()).toBe(before + 1);
      expect(await scimUsers(baseUrl, token)).toBe(401);

      await page.getByLabel('Group display name').fill('Support Admins');
      await page.getByLabel('Role').selectOption('admin');
      await page.getByRole('button', { name: 'Map group' }).click();
      const roles = page.getByRole('table', { name: 'SCIM group roles' });
      await roles.getByRole('cell', { name: 'support admins', exact: true }).waitFor();
      await roles.getByRole('button', { name: 'Unmap support admins' }).click();
      await page.getByText('No group is mapped yet.').waitFor();
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('creates a trigger message with page rules, publishes it, and it stays published after a reload', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await openSettings(page, 'Proactive messages');
      const name = `Pricing help ${viewport.width}`;
      await page.getByRole('button', { name: 'New proactive message' }).click();
      const form = page.getByRole('form', { name: 'Proactive message' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Message').fill('Questions about pricing? We are here.');
      await form.getByLabel('URL match').selectOption('prefix');
      await form.getByLabel('URL or path').fill('/pricing');
      await form.getByLabel('Seconds on page').fill('5');
      await form.getByLabel('Scrolled percent').fill('50');
      await form.getByRole('button', { name: 'Save message' }).click();
      await form.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'Proactive messages' });
      const row = table.getByRole('row').filter({ hasText: name });
      await row.getByText('URL prefix /pricing, after 5 s, scrolled 50%').waitFor();
      await row.getByRole('cell', { name: 'draft', exact: true }).waitFor();
      await row.getByRole('button', { name: `Publish ${name}` }).click();
      await row.getByRole('button', { name: `Unpublish ${name}` }).waitFor();
      await page.reload();
      await table
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('cell', { name: 'published', exact: true })
        .waitFor();
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('creates a campaign for an e-mail domain and typed attributes; editing drops one attribute and keeps the rest', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await openSettings(page, 'Proactive messages');
      const name = `Pro welcome ${viewport.width}`;
      await page.getByRole('button', { name: 'New proactive message' }).click();
      const form = page.getByRole('form', { name: 'Proactive message' });
      await form.getByLabel('Kind').selectOption('campaign');
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Message').fill('Welcome, pro team.');
      await form.getByLabel('Audience e-mail domain').fill('acme.test');
      await form.getByRole('button', { name: 'Add audience attribute' }).click();
      await form.getByRole('textbox', { name: 'Audience attribute 1 key' }).fill('plan');
      await form.getByRole('textbox', { name: 'Audience attribute 1 value' }).fill('pro');
      await form.getByRole('button', { name: 'Add audience attribute' }).click();
      await form.getByRole('textbox', { name: 'Audience attribute 2 key' }).fill('seats');
      await form.getByRole('combobox', { name: 'Audience attribute 2 type of value' }).selectOption('number');
      await form.getByRole('spinbutton', { name: 'Audience attribute 2 value' }).fill('5');
      // The same key twice is refused before anything is sent.
      await form.getByRole('button', { name: 'Add audience attribute' }).click();
      await form.getByRole('textbox', { name: 'Audience attribute 3 key' }).fill('plan');
      await form.getByRole('button', { name: 'Save message' }).click();
      await form.getByRole('alert').filter({ hasText: 'names the attribute "plan" twice' }).waitFor();
      await form.getByRole('button', { name: 'Remove audience attribute 3' }).click();
      await form.getByRole('button', { name: 'Save message' }).click();
      await form.waitFor({ state: 'detached' });
      const table = page.getByRole('table', { name: 'Proactive messages' });
      const row = table.getByRole('row').filter({ hasText: name });
      await row.getByText('Contacts at acme.test, plan = pro, seats = 5').waitFor();

      await row.getByRole('button', { name: `Edit ${name}` }).click();
      expect(await form.getByRole('spinbutton', { name: 'Audience attribute 2 value' }).inputValue()).toBe(
        '5',
      );
      await form.getByRole('button', { name: 'Remove audience attribute 1' }).click();
      await form.getByRole('button', { name: 'Save message' }).click();
      await form.waitFor({ state: 'detached' });
      await page.reload();
      await table
        .getByRole('row')
        .filter({ hasText: name })
        .getByText('Contacts at acme.test, seats = 5')
        .waitFor();
      if (viewport.width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('the settings dialogs share one form: a refusal shows inside the dialog, which stays open; Cancel closes it', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      // The form's own check: an API key needs an ability.
      await openSettings(page, 'API keys');
      await page.getByRole('button', { name: 'Create API key' }).click();
      const keyDialog = page.getByRole('dialog', { name: 'Create an API key' });
      await keyDialog.getByLabel('Name').fill('No abilities');
      await keyDialog.getByRole('button', { name: 'Create' }).click();
      await keyDialog.getByRole('alert').filter({ hasText: 'Choose at least one ability.' }).waitFor();
      await keyDialog.getByRole('button', { name: 'Cancel' }).click();
      await keyDialog.waitFor({ state: 'detached' });

      // The server's refusal: the demo's staff member is a member already (409 already_a_member).
      await openSettings(page, 'Team');
      await page.getByRole('button', { name: 'Invite teammate' }).click();
      const inviteDialog = page.getByRole('dialog', { name: 'Invite a teammate' });
      await inviteDialog.getByLabel('Email').fill('staff@demo.test');
      await inviteDialog.getByRole('button', { name: 'Send invitation' }).click();
      await inviteDialog.getByRole('alert').waitFor();
      expect(await inviteDialog.getByRole('alert').textContent()).toMatch(/member/i);
      expect(await inviteDialog.getByLabel('Email').inputValue()).toBe('staff@demo.test');
      if (viewport.width === 390)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.keyboard.press('Escape');
      await inviteDialog.waitFor({ state: 'detached' });
      expect(
        await page.getByRole('table', { name: 'Pending invitations' }).getByText('staff@demo.test').count(),
      ).toBe(0);
      expect(c.problems.filter((p) => !/status of (401|409) /.test(p))).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it('registers an OAuth app whose client secret is shown once, then deletes it; rotates the help center signing secret and sets its sign-in URL', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await openSettings(page, 'OAuth apps');
      const name = `Reporting ${viewport.width}`;
      await page.getByRole('button', { name: 'Register an OAuth app' }).click();
      await page.getByLabel('App name').fill(name);
      await page.getByLabel('Redirect URIs').fill('https://reports.example/callback');
      await page.getByRole('checkbox', { name: 'contacts:read' }).check();
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      const box = page.getByRole('textbox', { name: 'Client secret' });
      await box.waitFor();
      const secret = await box.inputValue();
      expect(secret.length).toBeGreaterThan(20);
      await page.getByRole('button', { name: 'Done' }).click();
      await box.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(secret);
      const apps = page.getByRole('table', { name: 'OAuth apps' });
      await apps.getByRole('cell', { name, exact: true }).waitFor();
      page.once('dialog', (d) => d.accept());
      await apps.getByRole('button', { name: `Delete ${name}` }).click();
      await apps.getByRole('cell', { name, exact: true }).waitFor({ state: 'detached' });

      await openSettings(page, 'Help center sign-in');
      page.once('dialog', (d) => d.accept());
      await page.getByRole('button', { name: /^(Create|Rotate) signing secret$/ }).click();
      const hcs = page.getByRole('textbox', { name: 'Signing secret' });
      await hcs.waitFor();
      const value = await hcs.inputValue();
      await page.getByRole('button', { name: 'Done' }).click();
      await hcs.waitFor({ state: 'detached' });
      expect(await page.content()).not.toContain(value);
      await page.getByText('A signing secret is set.').waitFor();
      await page.getByLabel('Sign-in URL').fill('https://app.example.com/help-sign-in');
      await page.getByRole('button', { name: 'Save sign-in URL' }).click();
      await page.getByText('Sign-in URL saved.').waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByLabel('Sign-in URL').inputValue())
        .toBe('https://app.example.com/help-sign-in');
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('saves a SAML connection and shows its fingerprint, expiry and the URLs to give the IdP', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await openSettings(page, 'SAML single sign-on');
      const keys = makeIdpKeys();
      const fingerprint = new X509Certificate(keys.certPem).fingerprint256;
      await page.getByLabel('IdP entity id').fill('https://idp.example/entity');
      await page.getByLabel('IdP sign-on URL').fill('http://idp.example/sso');
      await page.getByLabel('IdP signing certificate (PEM)').fill(keys.certPem);
      await page.getByRole('button', { name: 'Save SAML connection' }).click();
      // http is refused, and the page says which field.
      await page
        .getByRole('alert')
        .filter({ hasText: /sso_url/ })
        .waitFor();

      await page.getByLabel('IdP sign-on URL').fill('https://idp.example/sso');
      await page.getByRole('button', { name: 'Save SAML connection' }).click();
      const facts = page.getByRole('definition').filter({ hasText: fingerprint });
      await facts.waitFor();
      for (const name of ['Copy SP entity id', 'Copy ACS URL', 'Copy Metadata URL', 'Copy Login URL'])
        await page.getByRole('button', { name }).waitFor();
      await page.getByText(/\/saml\/[0-9a-z]{26}\/acs$/).waitFor();
      // The certificate is not sent back; the field is empty for the next change.
      expect(await page.getByLabel('IdP signing certificate (PEM)').inputValue()).toBe('');
      expect(await page.getByLabel('IdP sign-on URL').inputValue()).toBe('https://idp.example/sso');
      // Before the first save the read answers 404 (no connection), which the browser logs; the 422 too.
      expect(c.problems.filter((p) => !/status of (401|404|422) /.test(p))).toEqual([]);
    } finally {
      await c.close();
    }
  });
});
