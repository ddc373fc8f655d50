import * as oauth from 'oauth4webapi';
import type { Browser, BrowserContext, Page } from 'playwright';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { demoCredentials } from './support/server';

/**
 * The OAuth app platform against the running server: the consent page in Chromium (by role and name,
 * its strict CSP holding, Allow and Deny), then oauth4webapi over real HTTP for discovery, the redirect's
 * state and iss, the code exchange with PKCE, a public API call, refresh rotation and introspection.
 */

const REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';
const api = () => inject('serverUrl');
let browser: Browser;
let demo: ReturnType<typeof demoCredentials>;
let app: { client_id: string; secret: string };
const options = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  browser = await launchChromium();
  demo = demoCredentials(inject('serverDataDir'));
  // The demo owner registers an app in the demo workspace (and then installs it there).
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
  const res = await fetch(`${api()}/api/v1/workspaces/${demo.workspaceId}/oauth-apps`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': csrf },
    body: JSON.stringify({
      name: 'Acme CRM',
      redirect_uris: [REDIRECT_URI],
      scopes: ['contacts:read', 'conversations:read'],
    }),
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { data: { client_id: string }; client_secret: string };
  app = { client_id: body.data.client_id, secret: body.client_secret };
});

afterAll(async () => {
  await browser?.close();
});

/** A signed-in browser context: login through the API shares the session cookie with its pages. */
async function signedInPage(): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await browser.newContext();
  const login = await context.request.post(`${api()}/api/v1/auth/login`, {
    data: { email: demo.ownerEmail, password: demo.ownerPassword },
  });
  expect(login.status()).toBe(200);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  return { context, page, violations };
}

/** Authorization request URL (PKCE S256, state) and where the browser lands after the decision. */
async function decide(decision: 'Allow' | 'Deny') {
  const as = await oauth.processDiscoveryResponse(
    new URL(api()),
    await oauth.discoveryRequest(new URL(api()), { ...options, algorithm: 'oauth2' }),
  );
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: REDIRECT_URI,
    scope: 'contacts:read conversations:read',
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();

  const { context, page, violations } = await signedInPage();
  let landed: URL | null = null;
  await page.route(`${REDIRECT_URI}**`, async (route) => {
    landed = new URL(route.request().url());
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the client' });
  });
  const shown = await page.goto(url.href);
  expect(shown!.status()).toBe(200);
  expect(shown!.headers()['content-security-policy']).toContain("default-src 'none'");
  // The demo workspace is "Acme Demo" (server-core/setup/demo-seed.ts).
  expect(await page.getByRole('heading', { name: 'Allow Acme CRM to access Acme Demo?' }).count()).toBe(1);
  const scopes = page.getByRole('list', { name: 'Access requested' }).getByRole('listitem');
  expect(await scopes.count()).toBe(2);
  expect(await scopes.nth(0).textContent()).toContain('List and read contacts');
  expect(await scopes.nth(1).textContent()).toContain('List and read conversations');
  expect(await page.getByText(/asks for access to the workspace/).textContent()).toContain('Acme CRM');
  await page.getByRole('button', { name: decision, exact: true }).click();
  await page.waitForURL(`${REDIRECT_URI}**`);
  expect(violations).toEqual([]);
  await context.close();
  return { as, verifier, state, landed: landed! as URL };
}

it('the consent page names the app, the workspace and each scope; Allow completes the flow with oauth4webapi', async () => {
  const { as, verifier, state, landed } = await decide('Allow');
  const client = { client_id: app.client_id };
  const params = oauth.validateAuthResponse(as, client, landed, state);
  expect(landed.searchParams.get('iss')).toBe(as.issuer);

  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(app.secret),
      params,
      REDIRECT_URI,
      verifier,
      options,
    ),
  );
  expect(tokens).toMatchObject({ token_type: 'bearer', scope: 'contacts:read conversations:read' });
  expect(tokens.workspace_id).toBe(demo.workspaceId);

  const contacts = await oauth.protectedResourceRequest(
    tokens.access_token,
    'GET',
    new URL(`${api()}/api/v1/contacts`),
    undefined,
    undefined,
    options,
  );
  expect(contacts.status).toBe(200);

  // The code is single use: replaying it fails and revokes what it issued.
  const replay = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(app.secret),
    params,
    REDIRECT_URI,
    verifier,
    options,
  );
  expect(replay.status).toBe(400);
  expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
  const introspect = async (token: string) =>
    oauth.processIntrospectionResponse(
      as,
      client,
      await oauth.introspectionRequest(as, client, oauth.ClientSecretPost(app.secret), token, options),
    );
  expect(await introspect(tokens.access_token)).toEqual({ active: false });

  // A fresh grant: refresh rotation and introspection.
  const second = await decide('Allow');
  const fresh = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(app.secret),
      oauth.validateAuthResponse(as, client, second.landed, second.state),
      REDIRECT_URI,
      second.verifier,
      options,
    ),
  );
  const rotated = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic(app.secret),
      fresh.refresh_token!,
      options,
    ),
  );
  expect(rotated.refresh_token).not.toBe(fresh.refresh_token);
  expect(await introspect(rotated.access_token)).toMatchObject({
    active: true,
    client_id: app.client_id,
    workspace_id: demo.workspaceId,
  });
});

it('Deny returns access_denied to the client with state and iss, and no code', async () => {
  const { as, state, landed } = await decide('Deny');
  expect(landed.searchParams.get('error')).toBe('access_denied');
  expect(landed.searchParams.get('state')).toBe(state);
  expect(landed.searchParams.get('iss')).toBe(as.issuer);
  expect(landed.searchParams.get('code')).toBeNull();
  expect(() => oauth.validateAuthResponse(as, { client_id: app.client_id }, landed, state)).toThrow();
});

it('an unregistered redirect_uri is an error page in the browser, never a redirect', async () => {
  const { context, page } = await signedInPage();
  const url = new URL('/oauth/authorize', api());
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: 'https://evil.example/callback',
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
  }).toString();
  const res = await page.goto(url.href);
  expect(res!.status()).toBe(400);
  expect(page.url()).toBe(url.href);
  expect(await page.getByRole('heading', { name: 'Unregistered redirect address' }).count()).toBe(1);
  await context.close();
});
