import type { Ctx } from '../context';
import {
  CONVERSATION_COLUMNS,
  type Conversation,
  type ConversationKind,
  type ConversationState,
} from './conversation';

export interface PortalConversationFilter {
  state?: ConversationState;
  /** A member's user id, or `none` for unassigned conversations. */
  assigneeId?: string;
  kind?: ConversationKind;
  tag?: string;
  /** true: only the quarantined ones; otherwise they are hidden. */
  quarantined?: boolean;
  beforeId: string | null;
  limit: number;
}

/** listPortalConversations: newest first (by id), filtered; quarantined ones only when asked for. */
export async function listPortalConversations(
  ctx: Ctx,
  f: PortalConversationFilter,
): Promise<Conversation[]> {
  const assignee = f.assigneeId === undefined ? null : f.assigneeId;
  return ctx.db.query<Conversation>(
    `select ${CONVERSATION_COLUMNS} from conversations
     where workspace_id = $1 and ($2::text is null or id < $2) and ($3::text is null or state = $3)
       and ($4::text is null or ($4 = 'none' and assignee_id is null) or assignee_id = $4)
       and ($5::text is null or kind = $5) and ($6::text is null or $6 = any(tags))
       and (case when $7 then quarantined_at is not null else quarantined_at is null end)
     order by id desc limit $8`,
    [
      ctx.workspaceId,
      f.beforeId,
      f.state ?? null,
      assignee,
      f.kind ?? null,
      f.tag ?? null,
      f.quarantined === true,
      f.limit + 1,
    ],
  );
}
