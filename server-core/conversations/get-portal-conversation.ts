import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import {
  AUTHORED_MESSAGE_SELECT,
  type AuthoredMessage,
  CONVERSATION_COLUMNS,
  type Conversation,
} from './conversation';

/** How many messages staff's read returns (the latest, oldest first). */
export const PORTAL_MESSAGE_LIMIT = 500;

/** getPortalConversation: the conversation with its latest messages, internal notes included. */
export async function getPortalConversation(
  ctx: Ctx,
  conversationId: string,
): Promise<{ conversation: Conversation; messages: AuthoredMessage[] }> {
  const [conversation] = await ctx.db.query<Conversation>(
    `select ${CONVERSATION_COLUMNS} from conversations where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, conversationId],
  );
  if (!conversation) throw notFound('conversation');
  const messages = await ctx.db.query<AuthoredMessage>(
    `select * from (${AUTHORED_MESSAGE_SELECT}
       where m.workspace_id = $1 and m.conversation_id = $2
       order by m.id desc limit $3) latest
     order by id`,
    [ctx.workspaceId, conversationId, PORTAL_MESSAGE_LIMIT],
  );
  return { conversation, messages };
}
