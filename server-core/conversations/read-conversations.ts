import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import {
  CONVERSATION_COLUMNS,
  type Conversation,
  type ConversationState,
  type Message,
} from './conversation';

export interface ConversationFilter {
  state?: ConversationState;
  channel?: string;
  contactId?: string;
  beforeId: string | null;
  limit: number;
}

export async function listConversations(ctx: Ctx, f: ConversationFilter): Promise<Conversation[]> {
  return ctx.db.query<Conversation>(
    `select ${CONVERSATION_COLUMNS} from conversations
     where workspace_id = $1 and ($2::text is null or id < $2) and ($3::text is null or state = $3)
       and ($4::text is null or channel = $4) and ($5::text is null or contact_id = $5)
     order by id desc limit $6`,
    [ctx.workspaceId, f.beforeId, f.state ?? null, f.channel ?? null, f.contactId ?? null, f.limit + 1],
  );
}

/**
 * A conversation with its latest `messageLimit` messages, oldest first. Internal notes are never
 * part of it (they are not even counted against the limit).
 */
export async function getConversation(
  ctx: Ctx,
  conversationId: string,
  messageLimit: number,
): Promise<Conversation & { messages: Message[] }> {
  const [conversation] = await ctx.db.query<Conversation>(
    `select ${CONVERSATION_COLUMNS} from conversations where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, conversationId],
  );
  if (!conversation) throw notFound('conversation');
  const messages = await ctx.db.query<Message>(
    `select * from (
       select id, direction, author_type, kind, body, created_at from conversation_messages
       where workspace_id = $1 and conversation_id = $2 and direction <> 'note'
       order by id desc limit $3) latest
     order by id`,
    [ctx.workspaceId, conversationId, messageLimit],
  );
  return { ...conversation, messages };
}
