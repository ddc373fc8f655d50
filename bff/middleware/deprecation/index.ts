import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../env';

export interface DeprecationNotice {
  /** When the operation was deprecated. */
  deprecatedAt: Date;
  /** When it stops working. */
  sunsetAt: Date;
  /** A page that explains the replacement. */
  link: string;
}

/**
 * Announces a deprecation on the wire (RFC 8594 Sunset; the spec asks for Deprecation as an
 * HTTP-date too) with Link rel="deprecation", on every answer of the operation, errors included.
 */
export const deprecation = (notice: DeprecationNotice): MiddlewareHandler<AppEnv> =>
  async function deprecation(c, next) {
    await next();
    c.res.headers.set('Deprecation', notice.deprecatedAt.toUTCString());
    c.res.headers.set('Sunset', notice.sunsetAt.toUTCString());
    c.res.headers.append('Link', `<${notice.link}>; rel="deprecation"; type="text/html"`);
  };
