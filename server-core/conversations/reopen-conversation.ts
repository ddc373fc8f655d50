import type { Ctx } from '../context';
import { notifyWidgets } from '../realtime/notify-widgets';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { conversationAudience, lockConversation } from './conversation-lock';

/**
 * reopenConversation: a resolved or snoozed conversation is open again (an open one stays as it is). The
 * rating request ends with it (the rating already given stays). No event: the catalog has none for it.
 */
export async function reopenConversation(ctx: Ctx, conversationId: string): Promise<Conversation> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, conversationId);
    if (current.state !== 'resolved' && current.state !== 'snoozed') return current;
    const [row] = await db.query<Conversation>(
      `update conversations set state = 'open', resolved_at = null, snoozed_until = null,
         rating_requested_at = null, updated_at = $3
       where workspace_id = $1 and id = $2 returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, conversationId, now],
    );
    await notifyWidgets(db, conversationAudience(ctx.workspaceId, current), {
      type: 'conversation.updated',
      conversation_id: current.id,
    });
    return row!;
  });
}
