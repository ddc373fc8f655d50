import type { MiddlewareHandler } from 'hono';
import { constantTimeEqual } from '../../../server-core/lib/crypto';
import { DomainError, notFound } from '../../../server-core/lib/errors';
import { parseUlid } from '../../../server-core/lib/ulid';
import { type Permission, roleHas } from '../../../server-core/members/catalog';
import { findMembershipRole } from '../../../server-core/members/memberships';
import { findSession } from '../../../server-core/members/sessions';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { csrfTokenFor, readSessionToken } from './cookies';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Signed double-submit CSRF defence for cookie-authenticated writes: the X-CSRF-Token header must
 * equal HMAC(session token). A cross-site page can make the browser send the cookie but can neither
 * read the csrf cookie nor compute the HMAC.
 */
export function assertCsrf(
  services: Services,
  method: string,
  header: string | undefined,
  token: string,
): void {
  if (SAFE_METHODS.has(method)) return;
  if (!constantTimeEqual(header ?? '', csrfTokenFor(services, token))) {
    throw new DomainError('csrf_token_invalid');
  }
}

/**
 * Portal operations on /workspaces/{workspaceId}/...: a live session (401), a CSRF token on writes
 * (403), a membership in that workspace (403 for members of other workspaces) and the permission (403).
 */
export const requireMember = (services: Services, permission?: Permission): MiddlewareHandler<AppEnv> =>
  async function requireMember(c, next) {
    const token = readSessionToken(c, services);
    const session = await findSession(services.db, token, services.clock.now());
    if (!session || !token) throw new DomainError('unauthenticated');
    assertCsrf(services, c.req.method, c.req.header('X-CSRF-Token'), token);

    const workspaceId = parseUlid(c.req.param('workspaceId'));
    if (!workspaceId) throw notFound('workspace');
    const role = await findMembershipRole(services.db, workspaceId, session.user_id);
    if (!role) throw new DomainError('not_a_member');
    if (permission && !roleHas(role, permission)) {
      throw new DomainError(
        'permission_denied',
        { permission, role },
        `Your role does not allow this (needs ${permission}).`,
      );
    }
    c.set('member', { userId: session.user_id, sessionId: session.id, workspaceId, role });
    c.set('credential', { kind: 'session', scope: `user:${session.user_id}`, workspaceId });
    await next();
  };
