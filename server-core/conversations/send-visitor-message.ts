import type { Ctx } from '../context';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from '../widget/visitors';
import { checkVisitorChatRate } from './chat-rate';
import type { AuthoredMessage } from './conversation';
import { checkMessageBody } from './message-body';
import { appendMessage, loadVisitorConversation } from './visitor-conversation';

/**
 * widgetSendMessage: the visitor's message in its own (or its verified contact's) conversation. A resolved
 * or snoozed conversation opens again (appendMessage).
 */
export async function sendVisitorMessage(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { conversationId: string; body: string },
): Promise<AuthoredMessage> {
  const body = checkMessageBody(input.body);
  await checkVisitorChatRate(ctx, limiter, visitor.id);
  const ref = await loadVisitorConversation(ctx, {
    visitorId: visitor.id,
    contactId: visitor.contactId,
    conversationId: input.conversationId,
  });
  const written = await appendMessage(ctx, {
    conversationId: ref.id,
    direction: 'in',
    authorType: 'contact',
    authorId: visitor.contactId ?? visitor.id,
    kind: 'text',
    body,
  });
  return {
    id: written.id,
    direction: 'in',
    author_type: 'contact',
    author_id: visitor.contactId ?? visitor.id,
    author_name: null,
    kind: 'text',
    body,
    created_at: written.created_at,
  };
}
