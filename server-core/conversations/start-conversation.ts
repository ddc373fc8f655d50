import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { storeVisitor, type Visitor } from '../widget/visitors';
import { checkVisitorChatRate } from './chat-rate';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { checkMessageBody } from './message-body';
import { QUARANTINE_BURST_WINDOW_MS, quarantineRule } from './quarantine-rules';
import { appendMessage } from './visitor-conversation';

/**
 * widgetStartConversation: a chat on channel `widget` with the visitor's first message. It belongs to the
 * visitor (widget_visitor_id) and, when the visitor is a verified contact, to the contact. The spam rules
 * (quarantine-rules.ts) may hold it: then conversation.quarantined goes out instead of conversation.created
 * and message_received (releaseConversation sends conversation.created later).
 */
export async function startConversation(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { body: string },
): Promise<Conversation> {
  const body = checkMessageBody(input.body);
  await checkVisitorChatRate(ctx, limiter, visitor.id);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const inTx = { ...ctx, db };
    await storeVisitor(inTx, visitor);
    // Serialises one visitor's parallel starts, so the burst count sees each of them.
    await db.query('select 1 from widget_visitors where workspace_id = $1 and id = $2 for update', [
      ctx.workspaceId,
      visitor.id,
    ]);
    const [recent] = await db.query<{ n: number }>(
      `select count(*)::int as n from conversations
       where workspace_id = $1 and widget_visitor_id = $2 and created_at > $3`,
      [ctx.workspaceId, visitor.id, new Date(now.getTime() - QUARANTINE_BURST_WINDOW_MS)],
    );
    const rule = quarantineRule({
      anonymous: !visitor.contactId,
      firstMessage: body,
      startsInWindow: recent!.n,
    });
    const id = newId(now);
    await db.query(
      `insert into conversations (workspace_id, id, contact_id, widget_visitor_id, channel, state, kind,
         quarantined_at, quarantine_rule, created_at, updated_at)
       values ($1, $2, $3, $4, 'widget', 'open', 'conversation', $5, $6, $7, $7)`,
      [ctx.workspaceId, id, visitor.contactId, visitor.id, rule ? now : null, rule, now],
    );
    if (rule) {
      await emitEvent(inTx, 'conversation.quarantined', {
        conversation_id: id,
        channel: 'widget',
        quarantined_at: now.toISOString(),
      });
    } else {
      await emitEvent(inTx, 'conversation.created', {
        conversation_id: id,
        channel: 'widget',
        kind: 'conversation',
        contact_id: visitor.contactId,
        created_at: now.toISOString(),
      });
    }
    await appendMessage(inTx, {
      conversationId: id,
      direction: 'in',
      authorType: 'contact',
      authorId: visitor.contactId ?? visitor.id,
      kind: 'text',
      body,
    });
    const [row] = await db.query<Conversation>(
      `select ${CONVERSATION_COLUMNS} from conversations where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, id],
    );
    return row!;
  });
}
