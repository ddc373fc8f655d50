import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { notifyStaff } from '../realtime/notify-staff';
import { notifyWidgets } from '../realtime/notify-widgets';

/** A conversation as its visitor may see it: enough to authorise a read or a write. */
export interface VisitorConversationRef {
  id: string;
  contact_id: string | null;
  state: string;
}

/**
 * The conversation `conversationId` if it belongs to the visitor (it started it) or to the verified contact
 * the visitor is identified as; otherwise not_found (another visitor's conversation does not exist for it).
 */
export async function loadVisitorConversation(
  ctx: Ctx,
  input: { visitorId: string; contactId: string | null; conversationId: string },
): Promise<VisitorConversationRef> {
  const [row] = await ctx.db.query<VisitorConversationRef>(
    `select id, contact_id, state from conversations
     where workspace_id = $1 and id = $2
       and (widget_visitor_id = $3 or ($4::text is not null and contact_id = $4))`,
    [ctx.workspaceId, input.conversationId, input.visitorId, input.contactId],
  );
  if (!row) throw notFound('conversation');
  return row;
}

export interface AppendMessageInput {
  conversationId: string;
  direction: 'in' | 'out';
  authorType: 'contact' | 'agent' | 'system';
  /** The member's user id for staff; the contact or widget visitor id for the visitor; null for the system. */
  authorId: string | null;
  kind: 'text' | 'attachment';
  body: string;
}

interface Locked {
  id: string;
  channel: string;
  kind: string;
  state: string;
  contact_id: string | null;
  widget_visitor_id: string | null;
  quarantined_at: Date | null;
}

/**
 * Writes a message (not a note: addConversationNote) and bumps last_message_at, in one transaction that
 * also: reopens a resolved or snoozed conversation on an inbound message (the visitor wrote again), records
 * the first staff response, emits conversation.message_received for an inbound message (not while the
 * conversation is quarantined: spam reaches no integration), and tells the
 * conversation's widgets (its visitor, its contact's other browsers) of an outbound message
 * (`conversation.message`) and of a state change (`conversation.updated`). Frames carry ids only.
 */
export async function appendMessage(
  ctx: Ctx,
  input: AppendMessageInput,
): Promise<{ id: string; created_at: Date }> {
  const now = ctx.clock.now();
  const inbound = input.direction === 'in';
  return ctx.db.tx(async (db) => {
    const [conv] = await db.query<Locked>(
      `select id, channel, kind, state, contact_id, widget_visitor_id, quarantined_at from conversations
       where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, input.conversationId],
    );
    if (!conv) throw notFound('conversation');
    // The console hears of every message, a visitor's and a note included (staff frames carry ids only).
    await notifyStaff(db, ctx.workspaceId, conv.id);
    const reopens = inbound && (conv.state === 'resolved' || conv.state === 'snoozed');
    const staffResponse = !inbound && input.authorType === 'agent';
    await db.query(
      `update conversations set last_message_at = $3, updated_at = $3,
         first_response_at = case when $4 and first_response_at is null then $3 else first_response_at end,
         state = case when $5 then 'open' else state end,
         resolved_at = case when $5 then null else resolved_at end,
         snoozed_until = case when $5 then null else snoozed_until end,
         rating_requested_at = case when $5 then null else rating_requested_at end
       where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, conv.id, now, staffResponse, reopens],
    );
    const id = newId(now);
    await db.query(
      `insert into conversation_messages (workspace_id, id, conversation_id, direction, author_type, author_id, kind, body, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        ctx.workspaceId,
        id,
        conv.id,
        input.direction,
        input.authorType,
        input.authorId,
        input.kind,
        input.body,
        now,
      ],
    );
    const inTx = { ...ctx, db };
    if (inbound && !conv.quarantined_at) {
      await emitEvent(inTx, 'conversation.message_received', {
        conversation_id: conv.id,
        message_id: id,
        channel: conv.channel,
        kind: conv.kind,
        contact_id: conv.contact_id,
        received_at: now.toISOString(),
      });
    }
    const audience = {
      workspaceId: ctx.workspaceId,
      visitorId: conv.widget_visitor_id,
      contactId: conv.contact_id,
    };
    if (!inbound) {
      await notifyWidgets(db, audience, {
        type: 'conversation.message',
        conversation_id: conv.id,
        message_id: id,
      });
    }
    if (reopens)
      await notifyWidgets(db, audience, { type: 'conversation.updated', conversation_id: conv.id });
    return { id, created_at: now };
  });
}
