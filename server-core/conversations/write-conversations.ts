import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { CONVERSATION_COLUMNS, type Conversation, type ConversationKind, type Message } from './conversation';
import { nextTicketNumber } from './ticket-number';

/** Opens a conversation (chat or ticket) for a contact; conversation.created goes to the outbox. */
export async function createConversation(
  ctx: Ctx,
  input: {
    contactId: string;
    channel: string;
    kind?: ConversationKind;
    subject?: string | null;
    priority?: string | null;
  },
): Promise<Conversation> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const contact = await db.query('select 1 from contacts where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      input.contactId,
    ]);
    if (contact.length === 0) throw notFound('contact');
    const kind = input.kind ?? 'conversation';
    const ticket = kind === 'ticket' ? await nextTicketNumber(db, ctx.workspaceId) : null;
    const id = newId(now);
    const [row] = await db.query<Conversation>(
      `insert into conversations (workspace_id, id, contact_id, channel, state, kind, subject, reference, priority,
         ticket_number, ticket_opened_at, created_at, updated_at)
       values ($1, $2, $3, $4, 'open', $5, $6, $7, $8, $10, case when $10::int is null then null else $9::timestamptz end, $9, $9) returning ${CONVERSATION_COLUMNS}`,
      [
        ctx.workspaceId,
        id,
        input.contactId,
        input.channel,
        kind,
        input.subject ?? null,
        ticket?.reference ?? null,
        input.priority ?? null,
        now,
        ticket?.number ?? null,
      ],
    );
    await emitEvent({ ...ctx, db }, 'conversation.created', {
      conversation_id: id,
      contact_id: input.contactId,
      channel: input.channel,
      kind,
      created_at: now.toISOString(),
    });
    return row!;
  });
}

/** Appends a message; notes are staff commentary and never leave through the public API. */
export async function appendMessage(
  ctx: Ctx,
  input: {
    conversationId: string;
    direction: Message['direction'];
    authorType: Message['author_type'];
    authorId?: string | null;
    body: string;
  },
): Promise<Message> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const updated = await db.query(
      `update conversations set last_message_at = $3, updated_at = $3 where workspace_id = $1 and id = $2 returning id`,
      [ctx.workspaceId, input.conversationId, now],
    );
    if (updated.length === 0) throw notFound('conversation');
    const [row] = await db.query<Message>(
      `insert into conversation_messages (workspace_id, id, conversation_id, direction, author_type, author_id, kind, body, created_at)
       values ($1, $2, $3, $4, $5, $6, 'text', $7, $8) returning id, direction, author_type, kind, body, created_at`,
      [
        ctx.workspaceId,
        newId(now),
        input.conversationId,
        input.direction,
        input.authorType,
        input.authorId ?? null,
        input.body,
        now,
      ],
    );
    return row!;
  });
}

export { resolveConversation } from './resolve-conversation';
