import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { conversationAudience, lockConversation } from './conversation-lock';

/**
 * resolveConversation: conversation.resolved and a `conversation.updated` frame on the transition only. A
 * campaign's own outbound thread (channel `campaign`, never answered by the visitor) resolves without the
 * event (spec service-api.md section 3); once answered it is a support conversation like any other.
 */
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
    if (current.channel !== 'campaign' || (await hasInbound(db, ctx.workspaceId, current.id)))
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

async function hasInbound(db: Sql, workspaceId: string, conversationId: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from conversation_messages where workspace_id = $1 and conversation_id = $2 and direction = 'in' limit 1`,
    [workspaceId, conversationId],
  );
  return rows.length > 0;
}
