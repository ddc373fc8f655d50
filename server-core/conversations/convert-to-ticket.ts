import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import {
  CONVERSATION_COLUMNS,
  type Conversation,
  MAX_SUBJECT_CHARS,
  PRIORITIES,
  type Priority,
} from './conversation';
import { conversationAudience, lockConversation } from './conversation-lock';
import { nextTicketNumber } from './ticket-number';

/** A priority of the list, or 422 on `field`. */
export function checkPriority(priority: string, field = 'priority'): Priority {
  if (!(PRIORITIES as readonly string[]).includes(priority)) {
    throw new DomainError('validation_failed', { field, rule: 'enum' });
  }
  return priority as Priority;
}

/** A subject trimmed, 1 to 200 characters, or 422. */
export function checkSubject(subject: string): string {
  const s = subject.trim();
  if (s.length === 0) throw new DomainError('validation_failed', { field: 'subject', rule: 'required' });
  if (s.length > MAX_SUBJECT_CHARS) {
    throw new DomainError('validation_failed', {
      field: 'subject',
      rule: 'max_length',
      max: MAX_SUBJECT_CHARS,
    });
  }
  return s;
}

/**
 * convertToTicket: the conversation becomes a ticket (kind ticket) with the workspace's next reference
 * (T-1001...), a priority and optionally a subject; its SLA clocks start now (ticket_opened_at).
 * ticket.opened (origin `conversation`) goes out once; converting a ticket again changes nothing.
 */
export async function convertToTicket(
  ctx: Ctx,
  input: { conversationId: string; priority: string; subject?: string | null },
): Promise<Conversation> {
  const priority = checkPriority(input.priority);
  const subject = input.subject == null ? null : checkSubject(input.subject);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, input.conversationId);
    if (current.kind === 'ticket') return current;
    const ticket = await nextTicketNumber(db, ctx.workspaceId);
    const [row] = await db.query<Conversation>(
      `update conversations set kind = 'ticket', priority = $3, subject = coalesce($4, subject),
         ticket_number = $5, reference = $6, ticket_opened_at = $7, updated_at = $7
       where workspace_id = $1 and id = $2 returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, current.id, priority, subject, ticket.number, ticket.reference, now],
    );
    await emitEvent({ ...ctx, db }, 'ticket.opened', {
      ticket_id: current.id,
      reference: ticket.reference,
      priority,
      contact_id: current.contact_id,
      origin: 'conversation',
      opened_at: now.toISOString(),
    });
    await recordAudit(
      { ...ctx, db },
      {
        action: 'ticket.opened',
        targetType: 'conversation',
        targetId: current.id,
        data: { reference: ticket.reference, priority, origin: 'conversation' },
      },
    );
    await notifyWidgets(db, conversationAudience(ctx.workspaceId, current), {
      type: 'conversation.updated',
      conversation_id: current.id,
    });
    return row!;
  });
}
