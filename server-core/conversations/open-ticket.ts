import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { checkPriority, checkSubject } from './convert-to-ticket';
import { checkMessageBody } from './message-body';
import { staffAuthorId } from './staff-actor';
import { nextTicketNumber } from './ticket-number';
import { appendMessage } from './visitor-conversation';

/**
 * openTicket: staff open a ticket for a contact (channel `portal`), its body the first message (from staff,
 * visible to the contact). conversation.created (kind ticket) and ticket.opened (origin `portal`) go out.
 */
export async function openTicket(
  ctx: Ctx,
  input: { contactId: string; subject: string; priority: string; body: string },
): Promise<Conversation> {
  const priority = checkPriority(input.priority);
  const subject = checkSubject(input.subject);
  const body = checkMessageBody(input.body);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const inTx = { ...ctx, db };
    const contact = await db.query('select 1 from contacts where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      input.contactId,
    ]);
    if (contact.length === 0) throw notFound('contact');
    const ticket = await nextTicketNumber(db, ctx.workspaceId);
    const id = newId(now);
    await db.query(
      `insert into conversations (workspace_id, id, contact_id, channel, state, kind, subject, reference, priority,
         ticket_number, ticket_opened_at, created_at, updated_at)
       values ($1, $2, $3, 'portal', 'open', 'ticket', $4, $5, $6, $7, $8, $8, $8)`,
      [ctx.workspaceId, id, input.contactId, subject, ticket.reference, priority, ticket.number, now],
    );
    await emitEvent(inTx, 'conversation.created', {
      conversation_id: id,
      channel: 'portal',
      kind: 'ticket',
      contact_id: input.contactId,
      created_at: now.toISOString(),
    });
    await emitEvent(inTx, 'ticket.opened', {
      ticket_id: id,
      reference: ticket.reference,
      priority,
      contact_id: input.contactId,
      origin: 'portal',
      opened_at: now.toISOString(),
    });
    await recordAudit(inTx, {
      action: 'ticket.opened',
      targetType: 'conversation',
      targetId: id,
      data: { reference: ticket.reference, priority, origin: 'portal' },
    });
    const authorId = staffAuthorId(ctx);
    await appendMessage(inTx, {
      conversationId: id,
      direction: 'out',
      authorType: authorId ? 'agent' : 'system',
      authorId,
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
