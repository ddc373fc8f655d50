import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  type HelpCenterBrand,
  helpCenterArticle,
  helpCenterBrand,
  helpCenterGuide,
  helpCenterHome,
  type Reader,
} from '../../server-core/help-center/help-center-content';
import { normaliseHost, workspaceForHost } from '../../server-core/help-center/help-center-hosts';
import {
  mintReaderCookie,
  READER_COOKIE,
  READER_SESSION_SECONDS,
  readerCookieValid,
  verifyVisitorJwt,
} from '../../server-core/help-center/reader-session';
import { safeReturnPath } from '../../server-core/help-center/return-path';
import { searchHelpCenter } from '../../server-core/help-center/search-help-center';
import { type OpenSigningSecret, openSigningSecret } from '../../server-core/help-center/signing-secret';
import { addressKey } from '../../server-core/ratelimit/address-key';
import { throttleAddress } from '../../server-core/ratelimit/throttle-address';
import { clientIp } from '../client-ip';
import { HELP_CENTER_RATE_PER_MINUTE } from '../contract/help-center';
import type { AppEnv } from '../env';
import { type Services, searchDeps } from '../services';
import * as pages from './pages';
import { HELP_CENTER_CSS } from './styles';

/** The path the customer's app redirects back to with `token` and `return` (docs/help-center.md). */
export const SIGN_IN_CALLBACK_PATH = '/sign-in/callback';
const MAX_QUERY_CHARS = 500;

type Status = 200 | 401 | 403 | 404;

/** No script at all; the stylesheet from this host and the one nonce'd colour block; forms to this host. */
const policy = (nonce: string) =>
  `default-src 'none'; style-src 'self' 'nonce-${nonce}'; img-src https: http: data:; ` +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

interface Visit {
  c: Context<AppEnv>;
  services: Services;
  workspaceId: string;
  key: OpenSigningSecret | null;
  reader: Reader;
  brand: HelpCenterBrand;
}

/**
 * The hosted help center: on a host mapped to a workspace (help_center_hosts), every path outside /api
 * is answered here, server-rendered, and nothing else of the service is reachable on that host. The
 * tenant comes from the Host header alone. Other hosts pass through untouched.
 */
export function helpCenterSite(services: Services): MiddlewareHandler<AppEnv> {
  // The service's own hosts never serve a help center: no lookup for their pages and files.
  const ownHosts = new Set(
    [services.config.publicUrl, services.config.widgetCdnUrl]
      .filter((u): u is string => typeof u === 'string')
      .map((u) => normaliseHost(new URL(u).host)),
  );
  return async function helpCenterSite(c, next) {
    const path = c.req.path;
    if (path.startsWith('/api/')) return next();
    const hostHeader = c.req.header('Host');
    if (ownHosts.has(normaliseHost(hostHeader))) return next();
    const workspaceId = await workspaceForHost(services.db, hostHeader);
    if (!workspaceId) return next();
    if (path === pages.HELP_CENTER_CSS_PATH) {
      return c.body(HELP_CENTER_CSS, 200, {
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      });
    }
    const key = await openSigningSecret(services.db, services.box, workspaceId);
    const signedIn =
      key !== null &&
      readerCookieValid(getCookie(c, READER_COOKIE), { ...key, workspaceId }, services.clock.now());
    const brand = await helpCenterBrand(services.db, workspaceId);
    const reader: Reader = signedIn ? 'signed_in' : 'anonymous';
    return route({ c, services, workspaceId, key, reader, brand }, path);
  };
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return '';
  }
};

async function route(v: Visit, path: string): Promise<Response> {
  const method = v.c.req.method;
  if (path === '/sign-out' && method === 'POST') return signOut(v);
  if (method !== 'GET' && method !== 'HEAD') return render(v, 'Page not found', pages.notFoundContent(), 404);
  if (path === '/') return home(v);
  if (path === '/search') return search(v);
  if (path === '/sign-in') return signIn(v);
  if (path === SIGN_IN_CALLBACK_PATH) return signInCallback(v);
  const article = /^\/articles\/([^/]{1,200})$/.exec(path);
  if (article) return articlePage(v, safeDecode(article[1]!));
  const guide = /^\/guides\/([^/]{1,64})$/.exec(path);
  if (guide) return guidePage(v, guide[1]!);
  return render(v, 'Page not found', pages.notFoundContent(), 404);
}

function render(v: Visit, title: string, content: string, status: Status): Response {
  const nonce = randomBytes(16).toString('base64');
  const url = new URL(v.c.req.url);
  const frame: pages.PageFrame = {
    brand: v.brand,
    signedIn: v.reader === 'signed_in',
    canSignIn: v.key?.signInUrl != null,
    path: safeReturnPath(`${url.pathname}${url.search}`),
    nonce,
  };
  return v.c.html(pages.page(frame, title, content), status, {
    'Content-Security-Policy': policy(nonce),
    'Cache-Control': 'private, no-cache',
    Vary: 'Cookie',
  });
}

async function home(v: Visit): Promise<Response> {
  const collections = await helpCenterHome(v.services.db, v.workspaceId, v.reader);
  return render(v, 'Help center', pages.homeContent(collections), 200);
}

async function articlePage(v: Visit, slug: string): Promise<Response> {
  const read = await helpCenterArticle(v.services.db, v.workspaceId, slug, v.reader);
  if (read.kind === 'not_found') return render(v, 'Page not found', pages.notFoundContent(), 404);
  if (read.kind === 'sign_in_required')
    return render(v, 'Sign in', pages.signInContent(v.key?.signInUrl != null, v.c.req.path), 401);
  const html = pages.articleContent(read.title, v.services.articleHtml(read.body), read.updated_at);
  return render(v, read.title, html, 200);
}

async function guidePage(v: Visit, guideId: string): Promise<Response> {
  const read = await helpCenterGuide(v.services.db, v.workspaceId, guideId, v.reader);
  if (read.kind === 'not_found') return render(v, 'Page not found', pages.notFoundContent(), 404);
  if (read.kind === 'sign_in_required')
    return render(v, 'Sign in', pages.signInContent(v.key?.signInUrl != null, v.c.req.path), 401);
  return render(v, read.guide.title, pages.guideContent(read.guide), 200);
}

async function search(v: Visit): Promise<Response> {
  const q = (v.c.req.query('q') ?? '').trim().slice(0, MAX_QUERY_CHARS);
  if (!q) return render(v, 'Search', pages.searchContent('', []), 200);
  await throttleAddress(
    v.services.rateLimiter,
    {
      workspaceId: v.workspaceId,
      name: 'help_center',
      address: addressKey(clientIp(v.c, v.services.config.trustProxy)),
      perMinute: HELP_CENTER_RATE_PER_MINUTE,
    },
    'Too many searches. Slow down and retry after the reset.',
  );
  const results = await searchHelpCenter(
    {
      db: v.services.db,
      clock: v.services.clock,
      workspaceId: v.workspaceId,
      actor: { type: 'system', id: null },
      requestId: v.c.get('requestId'),
    },
    searchDeps(v.services),
    q,
    v.reader === 'signed_in' ? ['public', 'customers'] : ['public'],
  );
  return render(v, `Search: ${q}`, pages.searchContent(q, results), 200);
}

const noStoreRedirect = (v: Visit, location: string) => {
  v.c.header('Cache-Control', 'no-store');
  return v.c.redirect(location, 303);
};

/** To the customer's sign-in URL with return_to = a path on this help center (never an address). */
async function signIn(v: Visit): Promise<Response> {
  if (!v.key?.signInUrl) return render(v, 'Page not found', pages.notFoundContent(), 404);
  const url = new URL(v.key.signInUrl);
  url.searchParams.set('return_to', safeReturnPath(v.c.req.query('return_to')));
  return noStoreRedirect(v, url.href);
}

/**
 * Back from the customer's app with `token` and `return`: the token verified under the current secret,
 * then the reader cookie (host-only, httpOnly, SameSite=Lax) and a redirect to the PATH in `return`.
 */
async function signInCallback(v: Visit): Promise<Response> {
  const token = v.c.req.query('token') ?? '';
  const now = v.services.clock.now();
  if (!v.key || !(await verifyVisitorJwt(token, v.key.secret, now))) {
    deleteCookie(v.c, READER_COOKIE, { path: '/' });
    v.reader = 'anonymous';
    return render(v, 'Sign-in failed', pages.signInFailedContent(), 403);
  }
  setCookie(v.c, READER_COOKIE, mintReaderCookie({ ...v.key, workspaceId: v.workspaceId }, now), {
    path: '/',
    httpOnly: true,
    sameSite: 'Lax',
    secure: !v.services.config.development,
    maxAge: READER_SESSION_SECONDS,
  });
  return noStoreRedirect(v, safeReturnPath(v.c.req.query('return')));
}

function signOut(v: Visit): Response {
  deleteCookie(v.c, READER_COOKIE, { path: '/', secure: !v.services.config.development });
  return noStoreRedirect(v, '/');
}
