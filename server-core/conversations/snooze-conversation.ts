import type { Ctx } from '../context';
import { DAY } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { notifyWidgets } from '../realtime/notify-widgets';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { conversationAudience, lockConversation } from './conversation-lock';

/** The furthest a snooze may reach. */
export const MAX_SNOOZE_MS = 3653 * DAY;

/**
 * snoozeConversation: out of the open queue until `until` (in the future, at most 10 years on). The worker's
 * conversation timers open it again then (wakeSnoozedConversations); a visitor message opens it sooner.
 * A resolved conversation snoozed is open-but-snoozed again (resolved_at cleared).
 */
export async function snoozeConversation(
  ctx: Ctx,
  input: { conversationId: string; until: Date },
): Promise<Conversation> {
  const now = ctx.clock.now();
  const until = input.until.getTime();
  if (Number.isNaN(until) || until <= now.getTime() || until > now.getTime() + MAX_SNOOZE_MS) {
    throw new DomainError('validation_failed', { field: 'until', rule: 'future_within_10_years' });
  }
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, input.conversationId);
    const [row] = await db.query<Conversation>(
      `update conversations set state = 'snoozed', snoozed_until = $3, resolved_at = null, updated_at = $4
       where workspace_id = $1 and id = $2 returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, current.id, input.until, now],
    );
    if (current.state !== 'snoozed') {
      await notifyWidgets(db, conversationAudience(ctx.workspaceId, current), {
        type: 'conversation.updated',
        conversation_id: current.id,
      });
    }
    return row!;
  });
}
