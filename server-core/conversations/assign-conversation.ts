import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { lockConversation } from './conversation-lock';

/**
 * assignConversation: a member of the workspace, or null to unassign. Anyone else (another workspace's
 * user, an unknown id) is 422 validation_failed on assignee_id (rule `member`).
 */
export async function assignConversation(
  ctx: Ctx,
  input: { conversationId: string; assigneeId: string | null },
): Promise<Conversation> {
  return ctx.db.tx(async (db) => {
    await lockConversation(db, ctx.workspaceId, input.conversationId);
    if (input.assigneeId !== null) {
      const member = await db.query('select 1 from memberships where workspace_id = $1 and user_id = $2', [
        ctx.workspaceId,
        input.assigneeId,
      ]);
      if (member.length === 0)
        throw new DomainError('validation_failed', { field: 'assignee_id', rule: 'member' });
    }
    const [row] = await db.query<Conversation>(
      `update conversations set assignee_id = $3, updated_at = $4 where workspace_id = $1 and id = $2
       returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, input.conversationId, input.assigneeId, ctx.clock.now()],
    );
    await recordAudit(
      { ...ctx, db },
      {
        action: 'conversation.assigned',
        targetType: 'conversation',
        targetId: input.conversationId,
        data: { assignee_id: input.assigneeId },
      },
    );
    return row!;
  });
}
