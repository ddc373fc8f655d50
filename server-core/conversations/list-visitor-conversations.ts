import type { Ctx } from '../context';
import type { ConversationKind, ConversationState } from './conversation';

export interface ConversationSummary {
  id: string;
  state: ConversationState;
  kind: ConversationKind;
  last_message_at: Date | null;
  created_at: Date;
  /** Staff messages the visitor has not fetched yet (since its last read of the conversation). */
  unread: number;
}

export const VISITOR_LIST_LIMIT = 50;

/**
 * widgetListConversations: the visitor's own conversations and, when it is a verified contact, the
 * contact's (from any browser or channel), latest activity first, at most 50.
 */
export async function listVisitorConversations(
  ctx: Ctx,
  visitor: { id: string; contactId: string | null },
): Promise<ConversationSummary[]> {
  return ctx.db.query<ConversationSummary>(
    `select c.id, c.state, c.kind, c.last_message_at, c.created_at,
       (select count(*)::int from conversation_messages m
        where m.workspace_id = c.workspace_id and m.conversation_id = c.id and m.direction = 'out'
          and (c.visitor_read_at is null or m.created_at > c.visitor_read_at)) as unread
     from conversations c
     where c.workspace_id = $1 and (c.widget_visitor_id = $2 or ($3::text is not null and c.contact_id = $3))
     order by coalesce(c.last_message_at, c.created_at) desc, c.id desc
     limit $4`,
    [ctx.workspaceId, visitor.id, visitor.contactId, VISITOR_LIST_LIMIT],
  );
}
