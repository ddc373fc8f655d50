import type { Ctx } from '../context';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { conversationAudience, lockConversation } from './conversation-lock';

/** resolveConversation: conversation.resolved and a `conversation.updated` frame on the transition only. */
export async function resolveConversation(ctx: Ctx, conversationId: string): Promise<Conversation> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, conversationId);
    if (current.state === 'resolved') return current;
    const [row] = await db.query<Conversation>(
      `update conversations set state = 'resolved', resolved_at = $3, snoozed_until = null, updated_at = $3
       where workspace_id = $1 and id = $2 returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, conversationId, now],
    );
    await emitEvent({ ...ctx, db }, 'conversation.resolved', {
      conversation_id: current.id,
      channel: current.channel,
      kind: current.kind,
      contact_id: current.contact_id,
      resolved_at: now.toISOString(),
    });
    await notifyWidgets(db, conversationAudience(ctx.workspaceId, current), {
      type: 'conversation.updated',
      conversation_id: current.id,
    });
    return row!;
  });
}
