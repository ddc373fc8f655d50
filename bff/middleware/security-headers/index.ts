import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';

/** One year; no includeSubDomains: other hosts under the operator's domain are not ours to pin. */
export const HSTS_VALUE = 'max-age=31536000';

const FRAME_ANCESTORS = "frame-ancestors 'none'";

/**
 * The response headers every answer carries, set in one place after the handler (errors included):
 * nosniff and no-referrer on everything, HSTS when PUBLIC_URL is https, and for HTML pages a
 * frame-ancestors directive joined to whatever policy the page set. Nothing here limits cross-origin
 * loading: the widget endpoints and /cdn stay CORS-open, and no Cross-Origin-Resource-Policy is sent.
 */
export const securityHeaders = (opts: { hsts: boolean }): MiddlewareHandler<AppEnv> =>
  async function securityHeaders(c, next) {
    await next();
    const h = c.res.headers;
    h.set('X-Content-Type-Options', 'nosniff');
    if (!h.has('Referrer-Policy')) h.set('Referrer-Policy', 'no-referrer');
    if (opts.hsts) h.set('Strict-Transport-Security', HSTS_VALUE);
    if (/^text\/html\b/i.test(h.get('Content-Type') ?? '')) {
      const csp = h.get('Content-Security-Policy');
      if (!csp) h.set('Content-Security-Policy', FRAME_ANCESTORS);
      else if (!/(^|;)\s*frame-ancestors\s/i.test(csp)) {
        h.set('Content-Security-Policy', `${csp.replace(/[\s;]+$/, '')}; ${FRAME_ANCESTORS}`);
      }
      h.set('X-Frame-Options', 'DENY');
    }
  };
