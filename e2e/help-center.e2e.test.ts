import { createHmac } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { demoCredentials, freePort, ROOT } from './support/server';
import { e2eTempDir } from './support/temp';

/**
 * The hosted help center in Chromium, on the demo workspace's help.localhost: an anonymous reader (home,
 * article, search), a signed-in reader through the full redirect with a fixture customer app on loopback
 * that runs the Node code of docs/help-center.md, a rotation signing every reader out, and hostile return
 * values and tokens refused. Read by role and name.
 */

const api = () => inject('serverUrl');
const port = () => new URL(api()).port;
const help = (path = '/') => `http://help.localhost:${port()}${path}`;
const stamp = Date.now().toString(36);
const PUBLIC = { title: `Pay by invoice ${stamp}`, slug: `pay-by-invoice-${stamp}` };
const MEMBERS = { title: `Team billing settings ${stamp}`, slug: `team-billing-${stamp}` };

let browser: Browser;
let portal: { base: string; headers: Record<string, string> };
let customerApp: Server;
let mintReturn: (returnTo: string, userId: string) => string;
let customerDir: string;
/** The articles this file published, unpublished again after it (other files share the demo workspace). */
const published: string[] = [];
let loads = 0;

/** The customer's server (re)started with a secret: the docs' module evaluated afresh, as after a deploy. */
async function deployCustomerCode(secret: string): Promise<void> {
  process.env.HELP_CENTER_SIGNING_SECRET = secret;
  process.env.HELP_CENTER_URL = help('').replace(/\/$/, '');
  const href = `${pathToFileURL(join(customerDir, 'customer.mjs')).href}?deploy=${++loads}`;
  ({ helpCenterReturn: mintReturn } = await import(href));
}

async function portalCall(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
  const res = await fetch(`${portal.base}${path}`, {
    method,
    headers: { ...portal.headers, ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

const rotate = async () =>
  String(
    (
      await portalCall(
        'POST',
        '/help-center/signing-secret/rotate',
        {},
        { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
      )
    ).data.secret,
  );

beforeAll(async () => {
  browser = await launchChromium();
  const demo = demoCredentials(inject('serverDataDir'));
  const login = await fetch(`${api()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: demo.ownerEmail, password: demo.ownerPassword }),
  });
  const csrf = ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token;
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  portal = {
    base: `${api()}/api/v1/workspaces/${demo.workspaceId}`,
    headers: { Cookie: cookie, 'X-CSRF-Token': csrf, 'Content-Type': 'application/json' },
  };
  for (const [a, access_level] of [
    [PUBLIC, 'public'],
    [MEMBERS, 'authenticated'],
  ] as const) {
    const created = await portalCall('POST', '/articles', {
      ...a,
      access_level,
      body: `Open **Billing** and choose the option for ${a.title}.`,
    });
    await portalCall('POST', `/articles/${created.data.id}/publish`);
    published.push(String(created.data.id));
  }

  // The customer's app: the Node code of docs/help-center.md, behind a sign-in route that "signs in" anyone.
  const secret = await rotate();
  const code = /```js\n([\s\S]*?)```/.exec(readFileSync(join(ROOT, 'docs/help-center.md'), 'utf8'))![1]!;
  customerDir = e2eTempDir('e2e-customer-');
  writeFileSync(join(customerDir, 'customer.mjs'), code);
  await deployCustomerCode(secret);
  const appPort = await freePort();
  customerApp = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${appPort}`);
    if (url.pathname !== '/help-sign-in') return void res.writeHead(404).end();
    res
      .writeHead(302, { Location: mintReturn(url.searchParams.get('return_to') ?? '/', 'e2e-reader') })
      .end();
  });
  await new Promise<void>((ok) => customerApp.listen(appPort, '127.0.0.1', ok));
  await portalCall('PUT', '/help-center/sign-in-url', {
    sign_in_url: `http://127.0.0.1:${appPort}/help-sign-in`,
  });
});

afterAll(async () => {
  for (const id of published) await portalCall('POST', `/articles/${id}/unpublish`);
  if (portal) await portalCall('PUT', '/help-center/sign-in-url', { sign_in_url: null });
  await browser?.close();
  await new Promise((ok) => customerApp?.close(ok));
  if (customerDir) rmSync(customerDir, { recursive: true, force: true });
});

async function newPage(): Promise<{ page: Page; violations: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return { page, violations };
}

it('an anonymous reader reads the home, a public article and search results, and is asked to sign in for the rest', async () => {
  const { page, violations } = await newPage();
  await page.goto(help('/'));
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'How can we help?' }).isVisible())
    .toBe(true);
  expect(await page.getByRole('link', { name: PUBLIC.title }).count()).toBe(1);
  expect(await page.getByRole('link', { name: MEMBERS.title }).count()).toBe(0);
  expect(await page.locator('script').count()).toBe(0);

  await page.getByRole('link', { name: PUBLIC.title }).click();
  await page.getByRole('heading', { level: 1, name: PUBLIC.title }).waitFor();
  expect(await page.getByText('Billing', { exact: true }).evaluate((e) => e.tagName)).toBe('STRONG');
  await page.getByRole('link', { name: 'All articles' }).click();

  await page.getByRole('searchbox', { name: 'Search articles' }).fill('invoice');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('heading', { level: 1, name: /Results for/ }).waitFor();
  expect(await page.getByRole('link', { name: PUBLIC.title }).count()).toBe(1);

  await page.goto(help(`/articles/${MEMBERS.slug}`));
  await page.getByRole('heading', { level: 1, name: 'Sign in to read this page' }).waitFor();
  expect(await page.getByText(MEMBERS.title).count()).toBe(0);
  expect(violations).toEqual([]);
});

it('a reader signs in through the customer app, lands on the article, and a rotation signs every reader out', async () => {
  const { page, violations } = await newPage();
  await page.goto(help(`/articles/${MEMBERS.slug}`));
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: MEMBERS.title }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/articles/${MEMBERS.slug}`);
  expect(new URL(page.url()).host).toBe(`help.localhost:${port()}`);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'hc_reader')!;
  expect(cookie).toMatchObject({ domain: 'help.localhost', httpOnly: true, sameSite: 'Lax' });

  await page.goto(help('/'));
  expect(await page.getByRole('link', { name: MEMBERS.title }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);

  // A second reader, signed in too; one rotation signs both out.
  const other = await newPage();
  await other.page.goto(help(`/sign-in?return_to=/articles/${MEMBERS.slug}`));
  await other.page.getByRole('heading', { level: 1, name: MEMBERS.title }).waitFor();

  await deployCustomerCode(await rotate());
  for (const p of [page, other.page]) {
    await p.goto(help(`/articles/${MEMBERS.slug}`));
    await p.getByRole('heading', { level: 1, name: 'Sign in to read this page' }).waitFor();
  }
  // Signing in again with the new secret works; then Sign out ends it.
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: MEMBERS.title }).waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { level: 1, name: 'How can we help?' }).waitFor();
  await page.goto(help(`/articles/${MEMBERS.slug}`));
  await page.getByRole('heading', { level: 1, name: 'Sign in to read this page' }).waitFor();
  expect([...violations, ...other.violations]).toEqual([]);
});

it('hostile return values stay on the help center; forged, expired, other-workspace and none tokens are refused', async () => {
  const { page } = await newPage();
  const tokenOf = (u: string) => new URL(u).searchParams.get('token')!;
  for (const hostile of [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
  ]) {
    const url = new URL(mintReturn('/', 'r'));
    url.searchParams.set('return', hostile);
    await page.goto(url.href);
    expect(page.url(), hostile).toBe(help('/'));
    await page.goto(help(`/sign-in?return_to=${encodeURIComponent(hostile)}`));
    expect(page.url(), hostile).toBe(help('/'));
  }

  const good = tokenOf(mintReturn('/', 'r'));
  const [h, p, s] = good.split('.') as [string, string, string];
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const past = Math.floor(Date.now() / 1000) - 60;
  const current = process.env.HELP_CENTER_SIGNING_SECRET!;
  const sign = (body: string, key: string) =>
    `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
  const refused = {
    forged: `${h}.${b64({ sub: 'admin', exp: past + 3600 })}.${s}`,
    expired: sign(`${h}.${b64({ sub: 'r', exp: past })}`, current),
    otherWorkspace: sign(`${h}.${p}`, 'hcs_a-secret-of-another-workspace-000000000000'),
    none: `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
  };
  for (const [name, token] of Object.entries(refused)) {
    const res = await page.goto(help(`/sign-in/callback?token=${token}&return=/articles/${MEMBERS.slug}`));
    expect(res!.status(), name).toBe(403);
    await page.getByRole('heading', { level: 1, name: 'Sign-in did not work' }).waitFor();
    expect(
      (await page.context().cookies()).some((c) => c.name === 'hc_reader' && c.value),
      name,
    ).toBe(false);
  }
});
