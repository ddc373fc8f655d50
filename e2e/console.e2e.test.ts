import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../runtime/testing/webhook-receiver';
import { launchChromium } from './support/browser';
import { DESKTOP, expectNoProblems, openConsole, openSection, PHONE, signInAs } from './support/console';
import { type ChildServer, demoCredentials, startChildServer } from './support/server';

/**
 * The staff console, driven by role and name at desktop size and at 390x844: sign-in and out, an API key
 * created and used over HTTP, a webhook endpoint registered and sent a test event that a real receiver
 * gets, and a teammate invited, accepting through the dev inbox, signing in as a member and refused the
 * owner-only settings. CONSOLE_SCREENS_DIR=<dir> saves a screenshot of each screen.
 */
let browser: Browser;
let server: ChildServer;
let receiver: Receiver;
const SCREENS = process.env.CONSOLE_SCREENS_DIR;
const base = () => server.url;
const demo = () => demoCredentials(server.dataDir);

beforeAll(async () => {
  receiver = await startReceiver();
  // Webhook URLs on the loopback receiver are refused unless the operator allows the host.
  server = await startChildServer({ UNSAFE_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

const shot = async (page: Page, name: string) => {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
};

async function openSettings(page: Page, name: string) {
  await openSection(page, 'Settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 2, name }).waitFor();
}

/** The text of the shown-once box, then the dialog closed (the secret leaves the page with it). */
async function takeShownOnce(page: Page, label: string): Promise<string> {
  const box = page.getByRole('textbox', { name: label });
  await box.waitFor();
  const value = await box.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  await box.waitFor({ state: 'detached' });
  expect(await page.content()).not.toContain(value);
  return value;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the console at %s size', (size, viewport) => {
  it('a browser at / lands on sign-in; a wrong password is told; the demo owner signs in, walks the sections, signs out', async () => {
    const c = await openConsole(browser, base(), viewport, '/');
    try {
      const { page } = c;
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/app/sign-in');
      await shot(page, `sign-in-${size}`);
      await page.getByLabel('Email').fill(demo().ownerEmail);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').filter({ hasText: 'The email or password is not right.' }).waitFor();

      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      for (const name of ['Contacts', 'Content', 'Experiences', 'Settings', 'Inbox'])
        await openSection(page, name);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      await openSettings(page, 'Widget install');
      await page.getByText(/^(Installed|Not installed yet)/).waitFor();
      await page.getByRole('button', { name: 'Copy snippet' }).waitFor();
      await shot(page, `settings-install-${size}`);
      await openSettings(page, 'Widget appearance');
      await page.getByLabel('Greeting').fill(`Hello from the ${size} test`);
      await page
        .getByRole('figure', { name: 'Messenger preview' })
        .getByText(`Hello from the ${size} test`)
        .waitFor();
      await page.getByLabel('Launcher side').selectOption('left');
      await page.getByRole('button', { name: 'Save appearance' }).click();
      await page.getByRole('status').filter({ hasText: 'Appearance saved' }).waitFor();
      await shot(page, `settings-appearance-${size}`);
      await openSettings(page, 'Identity secret');
      await page.getByRole('button', { name: 'Rotate identity secret' }).click();
      await page
        .getByRole('dialog', { name: 'Rotate the identity secret?' })
        .getByRole('button', { name: 'Rotate now' })
        .click();
      expect(await takeShownOnce(page, 'Identity secret')).toMatch(/.{32,}/);
      await openSettings(page, 'Data exports');
      await page.getByLabel('What').selectOption('contacts');
      await page.getByRole('button', { name: 'Start export' }).click();
      const download = page.getByRole('link', { name: 'Download contacts export' }).first();
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh exports' }).click();
            return download.count();
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(0);
      const href = await download.getAttribute('href');
      const got = await page.evaluate(async (url) => {
        const res = await fetch(url!);
        return [res.status, (await res.text()).split('\n')[0]];
      }, href);
      expect(got[0]).toBe(200);
      await shot(page, `settings-data-exports-${size}`);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.goto(`${base()}/app/settings/api-keys`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent('/app/settings/api-keys')}`);
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await page.getByRole('heading', { level: 2, name: 'API keys' }).waitFor();
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('the owner creates an API key, shown once, that works over HTTP; revoked, it stops', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/settings/api-keys');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await page.getByRole('button', { name: 'Create API key' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create an API key' });
      await dialog.getByLabel('Name').fill(`CRM sync ${size}`);
      await dialog.getByRole('checkbox', { name: 'contacts:read' }).check();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('dialog', { name: `API key "CRM sync ${size}" created` }).waitFor();
      await shot(page, `settings-api-key-shown-once-${size}`);
      const key = await takeShownOnce(page, 'API key');
      expect(key).toMatch(/^spk_/);

      const call = () =>
        fetch(`${base()}/api/v1/contacts?limit=1`, { headers: { Authorization: `Bearer ${key}` } });
      const ok = await call();
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      const row = page.getByRole('row').filter({ hasText: `CRM sync ${size}` });
      await row.getByText(key.slice(0, 12)).waitFor();
      await shot(page, `settings-api-keys-${size}`);

      page.once('dialog', (d) => d.accept());
      await row.getByRole('button', { name: `Revoke CRM sync ${size}` }).click();
      await row.getByText(/^Revoked /).waitFor();
      expect((await call()).status).toBe(401);
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('the owner registers a webhook endpoint, sends a test event the receiver gets, and reads the delivery log', async () => {
    const c = await openConsole(browser, base(), viewport, '/app/settings/webhooks');
    try {
      const { page } = c;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      const url = `${receiver.url}/hooks/${size}`;
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Register a webhook endpoint' });
      await dialog.getByLabel('Endpoint URL').fill(url);
      await dialog.getByLabel('Description (optional)').fill(`Console ${size}`);
      await dialog.getByRole('checkbox', { name: 'contact.created' }).check();
      await dialog.getByRole('button', { name: 'Save' }).click();
      expect(await takeShownOnce(page, 'Signing secret')).toMatch(/^whsec_/);

      await page.getByRole('link', { name: url }).click();
      await page.getByRole('heading', { level: 3, name: url }).waitFor();
      const before = receiver.requests.length;
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByRole('status').filter({ hasText: 'Test event sent.' }).waitFor();
      await expect
        .poll(() => receiver.requests.slice(before).find((r) => r.path === `/hooks/${size}`), {
          timeout: 20_000,
        })
        .toBeDefined();
      const got = receiver.requests.slice(before).find((r) => r.path === `/hooks/${size}`)!;
      expect(got.method).toBe('POST');
      expect(JSON.parse(got.body.toString()).type).toBe('webhook.ping');
      expect(got.headers['service-signature']).toBeTruthy();

      // The delivery log shows the attempt once the worker recorded it.
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh deliveries' }).click();
            return page
              .getByRole('table', { name: 'Deliveries' })
              .getByText(/succeeded \(HTTP 200\)/)
              .count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      await shot(page, `settings-webhook-${size}`);
      await page.getByRole('button', { name: 'Disable endpoint' }).click();
      await page.getByRole('button', { name: 'Enable endpoint' }).waitFor();
      expectNoProblems(c);
    } finally {
      await c.close();
    }
  });

  it('the owner invites a teammate, who accepts through the dev inbox, signs in as member and is refused the owner-only settings', async () => {
    const owner = await openConsole(browser, base(), viewport, '/app/settings/team');
    const email = `teammate-${size}@example.test`;
    try {
      const { page } = owner;
      await signInAs(page, demo().ownerEmail, demo().ownerPassword);
      await page.getByRole('table', { name: 'Members' }).getByText(demo().ownerEmail).waitFor();
      await page.getByRole('button', { name: 'Invite teammate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite a teammate' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Role').selectOption('member');
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();
      await shot(page, `settings-team-${size}`);
      expectNoProblems(owner);
    } finally {
      await owner.close();
    }

    // The mail, as the dev inbox shows it (no SMTP_URL here): its link opens the accept page.
    const inbox = (await (await fetch(`${base()}/dev/inbox/messages`)).json()) as {
      data: { to: string; text: string }[];
    };
    const mail = inbox.data.find((m) => m.to === email);
    expect(mail, JSON.stringify(inbox.data.map((m) => m.to))).toBeDefined();
    const link = mail!.text.match(/https?:\/\/\S+\/app\/invitations\/accept\?token=\S+/)![0];

    const teammate = await openConsole(browser, base(), viewport, '/dev/inbox');
    try {
      const { page } = teammate;
      await page.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: 'Accept invitation' }).waitFor();
      await page.getByText(`as ${email}`).waitFor();
      await page.getByLabel('Your name (optional)').fill(`Teammate ${size}`);
      await page.getByLabel('Choose a password').fill('a-teammate-password');
      await shot(page, `accept-invitation-${size}`);
      await page.getByRole('button', { name: /^Join / }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(email);
      await page.getByLabel('Password').fill('a-teammate-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      await page.getByText(`${email} (member)`).waitFor({ state: 'attached' });

      await openSettings(page, 'API keys');
      await page.getByRole('alert').filter({ hasText: 'Not available to your role' }).waitFor();
      expect(await page.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
      await shot(page, `member-refused-${size}`);
      expectNoProblems(teammate);
      // The server refuses too, with the member's own session and CSRF token.
      const status = await page.evaluate(async () => {
        const me = await (await fetch('/api/v1/auth/session')).json();
        const ws = me.data.memberships[0].workspace_id;
        const csrf = me.data.csrf_token;
        const res = await fetch(`/api/v1/workspaces/${ws}/api-keys`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
          body: JSON.stringify({ name: 'sneaky', abilities: ['contacts:read'] }),
        });
        return [res.status, (await res.json()).error.code];
      });
      expect(status).toEqual([403, 'permission_denied']);
    } finally {
      await teammate.close();
    }
  });
});

it('repeated wrong passwords show the throttle and its wait; a password reset through the dev inbox signs in with the new one', async () => {
  const c = await openConsole(browser, base(), DESKTOP, '/app/sign-in');
  try {
    const { page } = c;
    const throttled = page
      .getByRole('alert')
      .filter({ hasText: /Too many failed sign-ins\. Try again in \d+ (second|minute)s?\./ });
    await page.getByLabel('Email').fill('nobody@demo.test');
    await page.getByLabel('Password').fill('not the password');
    for (let i = 0; i < 10 && (await throttled.count()) === 0; i++) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign in' }).and(page.locator(':enabled')).waitFor();
    }
    await throttled.waitFor();
    await shot(page, 'sign-in-throttled-desktop');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(demo().staffEmail);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'a link to choose a new password is on its way' })
      .waitFor();

    const inbox = (await (await fetch(`${base()}/dev/inbox/messages`)).json()) as {
      data: { to: string; kind: string; text: string }[];
    };
    const mail = inbox.data.find((m) => m.to === demo().staffEmail && m.kind === 'password_reset');
    expect(mail).toBeDefined();
    const link = mail!.text.match(/https?:\/\/\S+\/app\/reset-password\?token=\S+/)![0];
    await page.goto(`${base()}/dev/inbox`);
    await page.getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password').fill('a-staff-new-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Your password is set' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await shot(page, 'reset-password-done-desktop');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInAs(page, demo().staffEmail, 'a-staff-new-password');
    await page.getByText(`${demo().staffEmail} (member)`).waitFor({ state: 'attached' });
    expectNoProblems(c);
  } finally {
    await c.close();
  }
});
