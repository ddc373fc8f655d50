import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from '../widget/visitors';
import { checkVisitorChatRate } from './chat-rate';
import { getVisitorConversation, type VisitorConversation } from './get-visitor-conversation';
import { loadVisitorConversation } from './visitor-conversation';

/**
 * widgetRateConversation: the visitor's 1-5 score, stored in `rating` (the public API's rating field). Only
 * while the conversation is resolved and staff asked (requestConversationRating); otherwise 409
 * rating_not_requested. The visitor may change its score until the conversation reopens.
 */
export async function rateConversation(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { conversationId: string; score: number },
): Promise<VisitorConversation> {
  if (!Number.isInteger(input.score) || input.score < 1 || input.score > 5) {
    throw new DomainError('validation_failed', { field: 'score', rule: 'range' });
  }
  await checkVisitorChatRate(ctx, limiter, visitor.id);
  const ref = await loadVisitorConversation(ctx, {
    visitorId: visitor.id,
    contactId: visitor.contactId,
    conversationId: input.conversationId,
  });
  const rated = await ctx.db.query(
    `update conversations set rating = $3, rated_at = $4, updated_at = $4
     where workspace_id = $1 and id = $2 and state = 'resolved' and rating_requested_at is not null
     returning id`,
    [ctx.workspaceId, ref.id, input.score, ctx.clock.now()],
  );
  if (rated.length === 0) throw new DomainError('rating_not_requested', { conversation_id: ref.id });
  return getVisitorConversation(ctx, visitor, ref.id, { markRead: false });
}
