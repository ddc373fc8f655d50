import type { Ctx } from '../context';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';

/** A visitor's chat writes (start, send, rate, upload) per minute. */
export const VISITOR_CHAT_WRITES_PER_MINUTE = 30;

/** Counts one chat write of the visitor; 429 rate_limited past the limit (per visitor, per workspace). */
export async function checkVisitorChatRate(ctx: Ctx, limiter: RateLimiter, visitorId: string): Promise<void> {
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `visitor-chat:${visitorId}`,
      rule: { limit: VISITOR_CHAT_WRITES_PER_MINUTE, windowMs: 60_000 },
    },
  ]);
  if (!decision.allowed) {
    throw rateLimited(
      decision,
      `At most ${VISITOR_CHAT_WRITES_PER_MINUTE} chat messages a minute per visitor.`,
    );
  }
}
