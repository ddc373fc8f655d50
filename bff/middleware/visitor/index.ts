import type { MiddlewareHandler } from 'hono';
import { DomainError } from '../../../server-core/lib/errors';
import { findVisitor } from '../../../server-core/widget/visitors';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

const invalidVisitorToken = () => new DomainError('invalid_visitor_token');

/** Reads `Authorization: Bearer wvt_…` without judging it (boot accepts a missing or stale token). */
export function bearerVisitorToken(header: string | undefined): string | null {
  const match = /^Bearer (wvt_[A-Za-z0-9_-]{1,100})$/.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Widget endpoints after boot: the visitor token names the visitor (stored, or signed and not stored
 * yet) and its workspace. Unknown, malformed, forged and expired tokens answer the same 401. No cookie
 * is ever read.
 */
export const requireVisitor = (services: Services): MiddlewareHandler<AppEnv> =>
  async function requireVisitor(c, next) {
    const token = bearerVisitorToken(c.req.header('Authorization'));
    const visitor = token
      ? await findVisitor(
          { db: services.db, visitorTokenKey: services.keys.visitorToken },
          token,
          services.clock.now(),
        )
      : null;
    if (!visitor) throw invalidVisitorToken();
    c.set('visitor', visitor);
    c.set('credential', {
      kind: 'visitor',
      scope: `visitor:${visitor.id}`,
      workspaceId: visitor.workspaceId,
    });
    await next();
  };
