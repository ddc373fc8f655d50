import type { MiddlewareHandler } from 'hono';
import { addressKey } from '../../../server-core/ratelimit/address-key';
import { NO_WORKSPACE, throttleAddress } from '../../../server-core/ratelimit/throttle-address';
import { clientIp } from '../../client-ip';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/**
 * The per-address limits of the public member operations (no session, no workspace): `reset_request` for
 * requestPasswordReset, `member_link` for the POSTs of the mailed links' pages. Counted before the body is
 * read or validated, so malformed and unknown tokens count alike; the shared limiter, so every node counts
 * together. Over it: 429 rate_limited with Retry-After.
 */
export const throttlePublicMembers = (
  services: Services,
  kind: 'reset_request' | 'member_link',
): MiddlewareHandler<AppEnv> =>
  async function throttlePublicMembers(c, next) {
    const L = services.config.memberLinkLimits;
    const address = addressKey(clientIp(c, services.config.trustProxy));
    await throttleAddress(
      services.rateLimiter,
      kind === 'reset_request'
        ? {
            workspaceId: NO_WORKSPACE,
            name: 'reset_request',
            address,
            perMinute: L.resetRequestsPerMinute,
            perHour: L.resetRequestsPerHour,
          }
        : { workspaceId: NO_WORKSPACE, name: 'member_link', address, perMinute: L.linkPostsPerMinute },
      kind === 'reset_request'
        ? 'Too many password reset requests from this network.'
        : 'Too many attempts from this network.',
    );
    await next();
  };
