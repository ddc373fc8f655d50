import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import { type Ability, ALL_ABILITIES } from '../../server-core/apikeys/abilities';
import type { Db } from '../../server-core/db/db';
import type { Clock } from '../../server-core/lib/clock';
import { newId } from '../../server-core/lib/ulid';
import type { Role } from '../../server-core/members/catalog';
import { addMembership } from '../../server-core/members/memberships';
import { grantAuthorization } from '../../server-core/oauth/grant-authorization';
import { registerOAuthApp } from '../../server-core/oauth/oauth-apps';
import { s256 } from '../../server-core/oauth/pkce';
import { exchangeCode } from '../../server-core/oauth/token-grants';
import { makeUser, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { type ApiWorkspace, apiWorkspace } from './api';
import { makeTestApp, type SignedIn, signIn, type TestApp } from './services';

/** oauth4webapi's fetch, answered by the app in-process. */
type AppFetch = (url: string, init: oauth.CustomFetchOptions<string, unknown>) => Promise<Response>;

export const ISSUER_URL = 'http://127.0.0.1:3000';
export const REDIRECT_URI = 'http://127.0.0.1:9876/callback';

/**
 * An OAuth world over the real app: a developer workspace with a registered app, a customer workspace
 * whose owner is signed in, and oauth4webapi pointed at the app (its fetch is app.request).
 */
export interface OAuthWorld {
  t: TestApp;
  dev: ApiWorkspace;
  customer: ApiWorkspace;
  owner: SignedIn;
  client: oauth.Client;
  clientSecret: string;
  appId: string;
  as: oauth.AuthorizationServer;
  options: { [oauth.customFetch]: AppFetch; [oauth.allowInsecureRequests]: true };
}

export async function oauthWorld(
  db: Db,
  scopes: Ability[] = ['contacts:read', 'contacts:write', 'webhooks:read'],
  env: Record<string, string> = {},
): Promise<OAuthWorld> {
  const t = makeTestApp(db, { PUBLIC_URL: ISSUER_URL, ...env });
  const dev = await apiWorkspace(t, db);
  const devOwner = await signIn(t, dev.ownerEmail, dev.ownerPassword);
  const registered = await t.app.request(`/api/v1/workspaces/${dev.workspaceId}/oauth-apps`, {
    method: 'POST',
    headers: { ...devOwner.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Acme <CRM>', redirect_uris: [REDIRECT_URI], scopes }),
  });
  expect(registered.status).toBe(201);
  const app = (await registered.json()) as { data: { id: string; client_id: string }; client_secret: string };
  const customer = await apiWorkspace(t, db);
  const owner = await signIn(t, customer.ownerEmail, customer.ownerPassword);
  const options = {
    [oauth.customFetch]: ((url, init) => t.app.request(url, init as RequestInit)) as AppFetch,
    [oauth.allowInsecureRequests]: true as const,
  };
  const issuer = new URL(ISSUER_URL);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { ...options, algorithm: 'oauth2' }),
  );
  return {
    t,
    dev,
    customer,
    owner,
    client: { client_id: app.data.client_id },
    clientSecret: app.client_secret,
    appId: app.data.id,
    as,
    options,
  };
}

/** A member of the workspace with the given role, signed in. */
export async function signedInMember(t: TestApp, db: Db, workspaceId: string, role: Role): Promise<SignedIn> {
  const user = await makeUser(db, {
    email: `${role}-${newId()}@example.test`,
    name: role,
    now: t.clock.now(),
  });
  await addMembership(db, { workspaceId, userId: user.id, role, now: t.clock.now() });
  return signIn(t, user.email, TEST_PASSWORD);
}

export interface AuthorizationAttempt {
  verifier: string;
  state: string;
  url: URL;
}

/** An authorization request URL as oauth4webapi's user would build it (PKCE S256, state). */
export async function authorizationUrl(
  w: OAuthWorld,
  extra: Record<string, string> = {},
): Promise<AuthorizationAttempt> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(w.as.authorization_endpoint!);
  url.searchParams.set('client_id', w.client.client_id);
  url.searchParams.set('redirect_uri', REDIRECT_URI);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return { verifier, state, url };
}

/** The hidden fields of the consent page's form. */
export function consentFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const decodeEntities = (v: string) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[decodeEntities(m[1]!)] = decodeEntities(m[2]!);
  return out;
}

/** Shows the consent page to the signed-in member and posts their decision; the redirect's Location. */
export async function consent(
  w: OAuthWorld,
  who: SignedIn,
  url: URL,
  decision: 'allow' | 'deny' = 'allow',
): Promise<{ page: Response; html: string; location: URL | null }> {
  const page = await w.t.app.request(url.href, { headers: { Cookie: who.cookie } });
  const html = await page.text();
  if (page.status !== 200) return { page, html, location: redirectOf(page) };
  const fields = consentFields(html);
  const posted = await w.t.app.request('/oauth/authorize', {
    method: 'POST',
    headers: { Cookie: who.cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }),
  });
  expect(posted.status).toBe(303);
  return { page, html, location: redirectOf(posted) };
}

const redirectOf = (res: Response) => {
  const location = res.headers.get('Location');
  return location ? new URL(location) : null;
};

/** Authorization through consent, then the code exchange: the token response. */
export async function authorizeAndExchange(
  w: OAuthWorld,
  who: SignedIn = w.owner,
  extra: Record<string, string> = {},
) {
  const attempt = await authorizationUrl(w, extra);
  const { location } = await consent(w, who, attempt.url);
  const params = oauth.validateAuthResponse(w.as, w.client, location!, attempt.state);
  const res = await oauth.authorizationCodeGrantRequest(
    w.as,
    w.client,
    oauth.ClientSecretBasic(w.clientSecret),
    params,
    REDIRECT_URI,
    attempt.verifier,
    w.options,
  );
  return oauth.processAuthorizationCodeResponse(w.as, w.client, res);
}

/** A raw form POST to the token or introspection endpoint. */
export function postForm(
  w: OAuthWorld,
  path: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return w.t.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
}

/**
 * An access token of a workspace holding the given abilities, issued through the domain functions (an
 * app of the workspace itself, the owner's consent, the code exchange): for tests that need a token
 * as a credential, not the flow.
 */
export async function accessTokenFor(
  db: Db,
  clock: Clock,
  workspaceId: string,
  abilities: Ability[] = [...ALL_ABILITIES],
): Promise<string> {
  const [owner] = await db.query<{ user_id: string }>(
    `select user_id from memberships where workspace_id = $1 and role = 'owner' limit 1`,
    [workspaceId],
  );
  const ctx = { db, clock, workspaceId, actor: { type: 'user' as const, id: owner!.user_id } };
  const { app } = await registerOAuthApp(ctx, {
    name: 'Token fixture',
    redirectUris: [REDIRECT_URI],
    scopes: abilities,
  });
  const verifier = oauth.generateRandomCodeVerifier();
  const { code } = await grantAuthorization(ctx, {
    app,
    userId: owner!.user_id,
    scopes: abilities,
    redirectUri: REDIRECT_URI,
    codeChallenge: s256(verifier),
  });
  const tokens = await exchangeCode({ db, clock }, app, {
    code,
    redirectUri: REDIRECT_URI,
    codeVerifier: verifier,
  });
  return tokens.access_token;
}
