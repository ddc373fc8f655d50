import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { notifyWidgets } from '../realtime/notify-widgets';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { conversationAudience, lockConversation } from './conversation-lock';

/**
 * requestConversationRating: asks the visitor for a 1-5 score (the Chat tab's CSAT row). Only a resolved
 * conversation (409 conversation_not_resolved); asking again keeps the first request's time.
 */
export async function requestConversationRating(ctx: Ctx, conversationId: string): Promise<Conversation> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, conversationId);
    if (current.state !== 'resolved') {
      throw new DomainError('conversation_not_resolved', {
        conversation_id: current.id,
        state: current.state,
      });
    }
    if (current.rating_requested_at) return current;
    const [row] = await db.query<Conversation>(
      `update conversations set rating_requested_at = $3, updated_at = $3 where workspace_id = $1 and id = $2
       returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, current.id, now],
    );
    await notifyWidgets(db, conversationAudience(ctx.workspaceId, current), {
      type: 'conversation.updated',
      conversation_id: current.id,
    });
    return row!;
  });
}
