import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { recordAudit } from '../../../server-core/audit/record-audit';
import { type Ctx, SYSTEM_ACTOR } from '../../../server-core/context';
import { parseUlid } from '../../../server-core/lib/ulid';
import { createSession } from '../../../server-core/members/sessions';
import { acceptSamlResponse } from '../../../server-core/saml/accept-saml-response';
import { authnRequestXml, newRequestId, redirectBindingUrl } from '../../../server-core/saml/authn-request';
import { confirmBinding } from '../../../server-core/saml/binding-confirmation';
import { DEFAULT_LANDING_PATH, relativePortalPath } from '../../../server-core/saml/redirect-path';
import type { SamlRefusal } from '../../../server-core/saml/refusal';
import { storeAuthnRequest } from '../../../server-core/saml/request-store';
import { findSamlConnection } from '../../../server-core/saml/saml-connection';
import { MAX_SAML_RESPONSE_CHARS, SAML_CONFIRMATION_TTL_MS } from '../../../server-core/saml/saml-limits';
import { spMetadataXml } from '../../../server-core/saml/sp-metadata';
import { spUrls } from '../../../server-core/saml/sp-urls';
import { clientIp } from '../../client-ip';
import * as saml from '../../contract/saml';
import type { AppEnv } from '../../env';
import { cookieSecurity, setSessionCookies } from '../../middleware/session/cookies';
import type { Services } from '../../services';
import {
  BAD_REDIRECT_PAGE,
  checkMailPage,
  confirmPage,
  FALLBACK_PAGE,
  handoffPage,
  REFUSED_PAGE,
  SAML_PAGE_CSP,
  THROTTLED_PAGE,
} from './pages';

/** The ACS form is refused (the same 403) above this size; the app-wide body limit skips the SAML forms. */
const MAX_ACS_BODY_BYTES = MAX_SAML_RESPONSE_CHARS + 4096;
/** Sign-in posts allowed per minute: from one client address, and to one workspace from everywhere. */
export const ACS_PER_ADDRESS = { limit: 20, windowMs: 60_000 };
export const ACS_PER_WORKSPACE = { limit: 600, windowMs: 60_000 };

const SAML_FORM_PATH = /^\/saml\/[^/]+\/(acs|confirm)$/;
export const isSamlFormPath = (path: string) => SAML_FORM_PATH.test(path);

type Status = 200 | 400 | 403 | 404 | 429;
const page = (c: Context<AppEnv>, body: string, status: Status) =>
  c.html(body, status, { 'Content-Security-Policy': SAML_PAGE_CSP, 'Cache-Control': 'no-store' });

/** The browser half of an ownership confirmation (see server-core/saml/binding-confirmation.ts). */
const confirmCookieName = (services: Services) =>
  cookieSecurity(services).secure ? '__Host-saml_confirm' : 'saml_confirm';

/**
 * The SAML protocol endpoints (spec service-api.md 4.5), documented from bff/contract/saml.ts. Their
 * handlers read parameters themselves instead of through the contract's validator: a malformed request
 * gets the SAML answer (the refusal page, the fallback page), never the JSON envelope.
 */
export function registerSamlRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  for (const route of [
    saml.samlMetadata,
    saml.samlHandoff,
    saml.samlContinueLogin,
    saml.samlAcs,
    saml.samlConfirmBinding,
  ])
    app.openAPIRegistry.registerPath(route);
  const { publicUrl } = services.config;
  const systemCtx = (c: Context<AppEnv>, workspaceId: string): Ctx => ({
    db: services.db,
    clock: services.clock,
    workspaceId,
    actor: SYSTEM_ACTOR,
    requestId: c.get('requestId'),
    ip: clientIp(c, services.config.trustProxy),
  });

  app.get('/saml/:workspaceId/metadata', async (c) => {
    const workspaceId = parseUlid(c.req.param('workspaceId'));
    if (!workspaceId || !(await findSamlConnection(services.db, workspaceId)))
      return page(c, FALLBACK_PAGE, 404);
    return c.body(spMetadataXml(spUrls(publicUrl, workspaceId)), 200, {
      'Content-Type': 'application/samlmetadata+xml; charset=utf-8',
    });
  });

  /** The checks the handoff page and continue-login share: the workspace, its connection, redirect_to. */
  const start = async (c: Context<AppEnv>) => {
    const workspaceId = parseUlid(c.req.param('workspaceId'));
    const connection = workspaceId ? await findSamlConnection(services.db, workspaceId) : null;
    if (!workspaceId || !connection) return { res: page(c, FALLBACK_PAGE, 404) };
    const raw = c.req.query('redirect_to');
    const redirectTo = raw === undefined ? DEFAULT_LANDING_PATH : relativePortalPath(raw);
    if (!redirectTo) return { res: page(c, BAD_REDIRECT_PAGE, 400) };
    return { workspaceId, connection, redirectTo };
  };

  app.get('/saml/:workspaceId/login', async (c) => {
    const s = await start(c);
    if (s.res) return s.res;
    const next = new URL(spUrls(publicUrl, s.workspaceId).continueUrl);
    next.searchParams.set('redirect_to', s.redirectTo);
    return page(c, handoffPage(next.pathname + next.search), 200);
  });

  app.get('/saml/:workspaceId/continue', async (c) => {
    const s = await start(c);
    if (s.res) return s.res;
    const ctx = systemCtx(c, s.workspaceId);
    const id = newRequestId();
    const { relayState } = await storeAuthnRequest(ctx, { requestId: id, redirectTo: s.redirectTo });
    const xml = authnRequestXml({
      id,
      issueInstant: ctx.clock.now(),
      sp: spUrls(publicUrl, s.workspaceId),
      destination: s.connection.sso_url,
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(redirectBindingUrl(s.connection.sso_url, xml, relayState), 303);
  });

  const refused = async (c: Context<AppEnv>, workspaceId: string | null, reason: SamlRefusal | null) => {
    // Reasons found before the domain ran (size, form) are audited here; the domain audits its own.
    if (workspaceId && reason) {
      const [ws] = await services.db.query('select 1 from workspaces where id = $1', [workspaceId]);
      if (ws)
        await recordAudit(systemCtx(c, workspaceId), { action: 'saml.login_refused', data: { reason } });
    }
    return page(c, REFUSED_PAGE, 403);
  };

  const signIn = async (c: Context<AppEnv>, userId: string, redirectTo: string) => {
    const { session, token } = await createSession(services.db, {
      userId,
      now: services.clock.now(),
      ip: clientIp(c, services.config.trustProxy),
      userAgent: c.req.header('User-Agent') ?? null,
    });
    setSessionCookies(c, services, token, session.expires_at);
    c.header('Cache-Control', 'no-store');
    return c.redirect(redirectTo, 303);
  };

  /** The form of a SAML post, or null (not a form, a field repeated or not text). */
  const formOf = async (c: Context<AppEnv>): Promise<Record<string, string> | null> => {
    const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') return null;
    const body = await c.req.parseBody({ all: true }).catch(() => null);
    if (!body) return null;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) {
      if (typeof v !== 'string') return null;
      out[k] = v;
    }
    return out;
  };

  const limit = (workspaceOf: (c: Context<AppEnv>) => string | null) =>
    bodyLimit({
      maxSize: MAX_ACS_BODY_BYTES,
      onError: (c) => refused(c as Context<AppEnv>, workspaceOf(c as Context<AppEnv>), 'response_too_large'),
    });
  const wsParam = (c: Context<AppEnv>) => parseUlid(c.req.param('workspaceId'));

  /**
   * Posts to a workspace's ACS are counted per client address and per workspace before anything is read:
   * a refused response writes an audit row, so an unthrottled ACS would let anyone fill the audit log.
   */
  const throttle: MiddlewareHandler<AppEnv> = async (c, next) => {
    const workspaceId = wsParam(c);
    if (!workspaceId) return next();
    const ip = clientIp(c, services.config.trustProxy) ?? 'unknown';
    const decision = await services.rateLimiter.check([
      { workspaceId, name: `saml_acs:ip:${ip}`, rule: ACS_PER_ADDRESS },
      { workspaceId, name: 'saml_acs', rule: ACS_PER_WORKSPACE },
    ]);
    if (decision.allowed) return next();
    c.header('Retry-After', String(decision.resetSeconds));
    return page(c, THROTTLED_PAGE, 429);
  };

  app.post('/saml/:workspaceId/acs', throttle, limit(wsParam), async (c) => {
    const workspaceId = wsParam(c);
    if (!workspaceId) return refused(c, null, null);
    const form = await formOf(c);
    if (!form || typeof form.SAMLResponse !== 'string') return refused(c, workspaceId, 'not_base64');
    const outcome = await acceptSamlResponse(systemCtx(c, workspaceId), {
      samlResponse: form.SAMLResponse,
      relayState: form.RelayState ?? null,
      publicUrl,
    });
    if (outcome.kind === 'refused') return refused(c, null, null);
    if (outcome.kind === 'signed_in') return signIn(c, outcome.userId, outcome.redirectTo);
    setCookie(c, confirmCookieName(services), outcome.browserToken, {
      path: '/',
      secure: cookieSecurity(services).secure,
      httpOnly: true,
      sameSite: 'Lax',
      expires: outcome.expiresAt,
    });
    return page(c, checkMailPage(outcome.address, SAML_CONFIRMATION_TTL_MS / 60_000), 200);
  });

  app.get('/saml/:workspaceId/confirm', async (c) => {
    const workspaceId = wsParam(c);
    const token = c.req.query('token') ?? '';
    if (!workspaceId || token.length === 0 || token.length > 200) return refused(c, null, null);
    return page(c, confirmPage(`/saml/${workspaceId}/confirm`, token), 200);
  });

  app.post('/saml/:workspaceId/confirm', limit(wsParam), async (c) => {
    const workspaceId = wsParam(c);
    if (!workspaceId) return refused(c, null, null);
    const form = await formOf(c);
    const connection = await findSamlConnection(services.db, workspaceId);
    if (!connection) return refused(c, workspaceId, 'not_configured');
    if (!form || typeof form.token !== 'string')
      return refused(c, workspaceId, 'binding_confirmation_invalid');
    const ctx = systemCtx(c, workspaceId);
    const result = await confirmBinding(ctx, connection, {
      token: form.token,
      browserToken: getCookie(c, confirmCookieName(services)) ?? null,
    });
    if (!result.ok) return refused(c, workspaceId, result.reason);
    setCookie(c, confirmCookieName(services), '', {
      path: '/',
      secure: cookieSecurity(services).secure,
      maxAge: 0,
    });
    return signIn(c, result.value.userId, result.value.redirectTo);
  });
}
