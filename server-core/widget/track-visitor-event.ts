import type { Ctx } from '../context';
import { recordWidgetEvent } from '../events/record-events';
import { DomainError } from '../lib/errors';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from './visitors';

/** The server throttle per visitor (spec widget.md section 8). */
export const VISITOR_EVENTS_PER_MINUTE = 60;

/**
 * Widget.track: the event belongs to the contact the visitor's verified identity names, never to a
 * person named by the page. Anonymous visitors get visitor_anonymous; more than 60 a minute per visitor get
 * rate_limited.
 */
export async function trackVisitorEvent(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { name: unknown; properties?: unknown },
): Promise<void> {
  if (!visitor.contactId) {
    throw new DomainError('visitor_anonymous');
  }
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `visitor:${visitor.id}`,
      rule: { limit: VISITOR_EVENTS_PER_MINUTE, windowMs: 60_000 },
    },
  ]);
  if (!decision.allowed) {
    throw rateLimited(decision, `At most ${VISITOR_EVENTS_PER_MINUTE} events a minute per visitor.`);
  }
  await recordWidgetEvent(ctx, {
    contactId: visitor.contactId,
    name: input.name,
    properties: input.properties,
  });
}
