import { randomBytes } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { constantTimeEqual } from '../../../server-core/lib/crypto';
import { parseUlid } from '../../../server-core/lib/ulid';
import { listMemberships } from '../../../server-core/members/memberships';
import { findSession } from '../../../server-core/members/sessions';
import {
  type AuthorizationParams,
  checkAuthorizationRequest,
} from '../../../server-core/oauth/authorization-request';
import { findOAuthApp } from '../../../server-core/oauth/client-auth';
import { grantAuthorization } from '../../../server-core/oauth/grant-authorization';
import { grantedScopes } from '../../../server-core/oauth/scopes';
import { clientIp } from '../../client-ip';
import * as oauth from '../../contract/oauth';
import type { AppEnv } from '../../env';
import { csrfTokenFor, readSessionToken } from '../../middleware/session/cookies';
import type { Services } from '../../services';
import { OAUTH_FLAG } from '../portal/oauth-apps';
import { chooseWorkspacePage, consentPage, errorPage } from './consent-page';
import { issuerOf } from './token';

type Params = AuthorizationParams & { workspace_id?: string };

const PARAM_NAMES = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'workspace_id',
] as const;

const ERROR_PAGES = {
  unknown_client: ['Unknown application', 'This link names an application that does not exist.'],
  redirect_uri: [
    'Unregistered redirect address',
    'This link would send you to an address the application did not register. Nothing was shared.',
  ],
  pkce: [
    'Insecure request',
    'This link lacks a PKCE code challenge with the S256 method, which this service requires.',
  ],
} as const;

/**
 * GET /oauth/authorize shows the consent page; POST /oauth/authorize (the page's form, with the
 * session's CSRF token) records the decision. Both check the request the same way, in the order of
 * RFC 6749 section 4.1.2.1: nothing is redirected until the client and redirect_uri are trusted.
 */
export function registerOAuthAuthorizeRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(oauth.oauthAuthorize, (c) => authorize(c, services, pick(c.req.query()), null) as never);
  app.post('/oauth/authorize', async (c) => {
    const body = await c.req.parseBody();
    const form = Object.fromEntries(
      Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    return authorize(c, services, pick(form), {
      csrf: form.csrf_token ?? '',
      allow: form.decision === 'allow',
    });
  });
}

function pick(source: Record<string, string | undefined>): Params {
  const out: Params = {};
  for (const name of PARAM_NAMES) {
    const v = source[name];
    if (typeof v === 'string') out[name] = v;
  }
  return out;
}

async function authorize(
  c: Context<AppEnv>,
  services: Services,
  p: Params,
  decision: { csrf: string; allow: boolean } | null,
): Promise<Response> {
  const nonce = randomBytes(16).toString('base64');
  const page = (status: 400 | 401 | 403 | 404, title: string, message: string) =>
    html(c, nonce, errorPage(nonce, title, message), status, null);

  const found = p.client_id ? await findOAuthApp(services.db, p.client_id) : null;
  const app = found ? { ...found, secret_hash: undefined } : null;
  const verdict = checkAuthorizationRequest(app, p);
  if (verdict.kind === 'error_page') {
    const [title, message] = ERROR_PAGES[verdict.reason];
    return page(400, title, message);
  }
  const issuer = issuerOf(services);
  if (verdict.kind === 'redirect_error') {
    return redirect(c, verdict.redirectUri, {
      error: verdict.error,
      error_description: verdict.description,
      state: verdict.state,
      iss: issuer,
    });
  }

  const token = readSessionToken(c, services);
  const session = await findSession(services.db, token, services.clock.now());
  if (!session || !token) {
    return page(401, 'Sign in first', 'Sign in to the portal in this browser, then open this link again.');
  }
  if (decision && !constantTimeEqual(decision.csrf, csrfTokenFor(services, token))) {
    return page(403, 'Request expired', 'This form was not sent from the consent page. Open the link again.');
  }

  const memberships = await listMemberships(services.db, session.user_id);
  const chosen = p.workspace_id
    ? parseUlid(p.workspace_id)
    : memberships.length === 1
      ? memberships[0]!.workspace_id
      : null;
  if (!chosen) {
    if (memberships.length === 0 || p.workspace_id) {
      return page(403, 'No workspace', 'You are not a member of a workspace this application can access.');
    }
    const choices = memberships.map((m) => {
      const q = new URLSearchParams({ ...stringEntries(p), workspace_id: m.workspace_id });
      return { name: m.workspace_name, href: `/oauth/authorize?${q}` };
    });
    return html(c, nonce, chooseWorkspacePage(nonce, verdict.app.name, choices), 200, null);
  }
  const membership = memberships.find((m) => m.workspace_id === chosen);
  if (!membership) {
    return page(403, 'No workspace', 'You are not a member of a workspace this application can access.');
  }
  if (!(await services.flags.isEnabled(chosen, OAUTH_FLAG))) {
    return page(404, 'Not found', 'There is nothing here.');
  }

  const granted = grantedScopes({
    requested: verdict.requested,
    registered: verdict.app.scopes,
    role: membership.role,
  });
  const back = { state: verdict.state, iss: issuer };
  if (granted.length === 0) {
    return redirect(c, verdict.redirectUri, {
      error: 'access_denied',
      error_description: 'The member cannot grant any of the access asked for.',
      ...back,
    });
  }

  if (!decision) {
    const withheld = verdict.requested.filter((a) => !granted.includes(a));
    const body = consentPage({
      nonce,
      appName: verdict.app.name,
      workspaceName: membership.workspace_name,
      granted,
      withheld,
      fields: { ...stringEntries(p), workspace_id: chosen, csrf_token: csrfTokenFor(services, token) },
    });
    return html(c, nonce, body, 200, new URL(verdict.redirectUri).origin);
  }
  if (!decision.allow) {
    return redirect(c, verdict.redirectUri, {
      error: 'access_denied',
      error_description: 'The member refused.',
      ...back,
    });
  }
  const { code } = await grantAuthorization(
    {
      db: services.db,
      clock: services.clock,
      workspaceId: chosen,
      actor: { type: 'user', id: session.user_id },
      requestId: c.get('requestId'),
      ip: clientIp(c, services.config.trustProxy),
    },
    {
      app: verdict.app,
      userId: session.user_id,
      scopes: granted,
      redirectUri: verdict.redirectUri,
      codeChallenge: verdict.codeChallenge,
    },
  );
  return redirect(c, verdict.redirectUri, { code, ...back });
}

function stringEntries(p: Params): Record<string, string> {
  return Object.fromEntries(Object.entries(p).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

/**
 * A page with its own strict CSP: no script at all, the one nonce'd stylesheet, forms only to this
 * origin and (for the consent page, whose answer redirects there) the client's redirect origin.
 */
function html(
  c: Context<AppEnv>,
  nonce: string,
  body: string,
  status: 200 | 400 | 401 | 403 | 404,
  redirectOrigin: string | null,
) {
  const formAction = redirectOrigin ? `'self' ${redirectOrigin}` : `'none'`;
  return c.html(body, status, {
    'Content-Security-Policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
  });
}

/** 303 to the client's registered redirect URI, with the answer in its query (its own query kept). */
function redirect(
  c: Context<AppEnv>,
  redirectUri: string,
  params: Record<string, string | undefined>,
): Response {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  c.header('Cache-Control', 'no-store');
  return c.redirect(url.href, 303);
}
