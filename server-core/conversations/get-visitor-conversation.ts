import type { Ctx } from '../context';
import {
  AUTHORED_MESSAGE_SELECT,
  type AuthoredMessage,
  CONVERSATION_COLUMNS,
  type Conversation,
} from './conversation';
import { loadVisitorConversation } from './visitor-conversation';

/** How many messages the visitor's read returns (the latest, oldest first). */
export const VISITOR_MESSAGE_LIMIT = 200;

export interface VisitorConversation {
  conversation: Conversation;
  messages: AuthoredMessage[];
}

/**
 * widgetGetConversation: the visitor's conversation with its latest messages, never a note. Reading it is
 * the visitor's read marker (visitor_read_at), which the list's unread counts run from.
 */
export async function getVisitorConversation(
  ctx: Ctx,
  visitor: { id: string; contactId: string | null },
  conversationId: string,
  opts: { markRead?: boolean } = {},
): Promise<VisitorConversation> {
  const ref = await loadVisitorConversation(ctx, {
    visitorId: visitor.id,
    contactId: visitor.contactId,
    conversationId,
  });
  const [conversation] =
    opts.markRead === false
      ? await ctx.db.query<Conversation>(
          `select ${CONVERSATION_COLUMNS} from conversations where workspace_id = $1 and id = $2`,
          [ctx.workspaceId, ref.id],
        )
      : await ctx.db.query<Conversation>(
          `update conversations set visitor_read_at = $3 where workspace_id = $1 and id = $2
           returning ${CONVERSATION_COLUMNS}`,
          [ctx.workspaceId, ref.id, ctx.clock.now()],
        );
  const messages = await ctx.db.query<AuthoredMessage>(
    `select * from (${AUTHORED_MESSAGE_SELECT}
       where m.workspace_id = $1 and m.conversation_id = $2 and m.direction <> 'note'
       order by m.id desc limit $3) latest
     order by id`,
    [ctx.workspaceId, ref.id, VISITOR_MESSAGE_LIMIT],
  );
  return { conversation: conversation!, messages };
}
