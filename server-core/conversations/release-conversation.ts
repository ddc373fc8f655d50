import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { emitEvent } from '../outbox/emit-event';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { lockConversation } from './conversation-lock';

/**
 * releaseConversation: a quarantined conversation joins the default staff list. conversation.released goes
 * out on the transition, followed by the conversation.created that the hold kept back; releasing a
 * conversation that is not held changes nothing.
 */
export async function releaseConversation(ctx: Ctx, conversationId: string): Promise<Conversation> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, conversationId);
    if (!current.quarantined_at) return current;
    const [row] = await db.query<Conversation>(
      `update conversations set quarantined_at = null, updated_at = $3 where workspace_id = $1 and id = $2
       returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, current.id, now],
    );
    const inTx = { ...ctx, db };
    await emitEvent(inTx, 'conversation.released', {
      conversation_id: current.id,
      channel: current.channel,
      contact_id: current.contact_id,
      released_at: now.toISOString(),
    });
    await emitEvent(inTx, 'conversation.created', {
      conversation_id: current.id,
      channel: current.channel,
      kind: current.kind,
      contact_id: current.contact_id,
      created_at: current.created_at.toISOString(),
    });
    await recordAudit(inTx, {
      action: 'conversation.released',
      targetType: 'conversation',
      targetId: current.id,
    });
    return row!;
  });
}
