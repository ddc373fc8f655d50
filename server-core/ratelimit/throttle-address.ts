import { HOUR, MINUTE } from '../lib/clock';
import { rateLimited } from './rate-limited';
import type { RateLimiter } from './rate-limiter';

/**
 * The workspace key of buckets that belong to no workspace (the public sign-in pages: password reset,
 * invitations). Not a ULID, so never a workspace's id; rate_limit_windows has no foreign key on it.
 */
export const NO_WORKSPACE = '-';

/**
 * Counts one request of a client address (its addressKey) against a per-minute limit in a workspace
 * (bucket `<name>:<address>`, shared by every node), and against a per-hour limit too when one is given
 * (bucket `<name>:<address>:h`); over either, rate_limited (429 with Retry-After: the seconds until the
 * window that refused resets).
 */
export async function throttleAddress(
  limiter: RateLimiter,
  bucket: { workspaceId: string; name: string; address: string; perMinute: number; perHour?: number },
  message: string,
): Promise<void> {
  const name = `${bucket.name}:${bucket.address}`;
  const decision = await limiter.check([
    { workspaceId: bucket.workspaceId, name, rule: { limit: bucket.perMinute, windowMs: MINUTE } },
    ...(bucket.perHour === undefined
      ? []
      : [
          {
            workspaceId: bucket.workspaceId,
            name: `${name}:h`,
            rule: { limit: bucket.perHour, windowMs: HOUR },
          },
        ]),
  ]);
  if (!decision.allowed) throw rateLimited(decision, message);
}
