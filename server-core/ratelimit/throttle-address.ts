import { MINUTE } from '../lib/clock';
import { rateLimited } from './rate-limited';
import type { RateLimiter } from './rate-limiter';

/**
 * Counts one request of a client address (its addressKey) against a per-minute limit in a workspace
 * (bucket `<name>:<address>`, shared by every node); over it, rate_limited (429 with Retry-After).
 */
export async function throttleAddress(
  limiter: RateLimiter,
  bucket: { workspaceId: string; name: string; address: string; perMinute: number },
  message: string,
): Promise<void> {
  const decision = await limiter.check([
    {
      workspaceId: bucket.workspaceId,
      name: `${bucket.name}:${bucket.address}`,
      rule: { limit: bucket.perMinute, windowMs: MINUTE },
    },
  ]);
  if (!decision.allowed) throw rateLimited(decision, message);
}
