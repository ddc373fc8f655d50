import type { Ctx } from '../context';
import { recordWidgetEvent } from '../events/record-events';
import { conflict, DomainError } from '../lib/errors';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from './visitors';

/** The server throttle per visitor (spec widget.md section 8). */
export const VISITOR_EVENTS_PER_MINUTE = 60;

/**
 * Widget.track: the event belongs to the contact the visitor's verified identity names, never to a
 * person named by the page. Anonymous visitors get 409; more than 60 a minute per visitor get 429.
 */
export async function trackVisitorEvent(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { name: unknown; properties?: unknown },
): Promise<void> {
  if (!visitor.contactId) {
    throw conflict(
      'visitor_anonymous',
      'Contact events need an identified visitor: call Widget.user.set with an hmac or token first.',
    );
  }
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `visitor:${visitor.id}`,
      rule: { limit: VISITOR_EVENTS_PER_MINUTE, windowMs: 60_000 },
    },
  ]);
  if (!decision.allowed) {
    throw new DomainError(
      'rate_limited',
      429,
      `At most ${VISITOR_EVENTS_PER_MINUTE} events a minute per visitor.`,
      { limit: decision.limit, retry_after_seconds: decision.resetSeconds },
      { 'Retry-After': String(decision.resetSeconds) },
    );
  }
  await recordWidgetEvent(ctx, {
    contactId: visitor.contactId,
    name: input.name,
    properties: input.properties,
  });
}
