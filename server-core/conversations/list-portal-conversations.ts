import type { Ctx } from '../context';
import {
  CONVERSATION_COLUMNS_C,
  type Conversation,
  type ConversationKind,
  type ConversationState,
} from './conversation';
import { messageExcerpt } from './message-excerpt';

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

/** The latest message between the visitor and staff (internal notes left out), as a list previews it. */
export interface LastMessage {
  direction: 'in' | 'out';
  kind: string;
  /** messageExcerpt of the body (an attachment's body is its file name). */
  excerpt: string;
  created_at: Date;
}

export type ListedConversation = Conversation & { last_message: LastMessage | null };

/** Enough of a body for any excerpt: whitespace folds, so a little more than EXCERPT_CHARS. */
const BODY_HEAD_CHARS = 600;

/**
 * listPortalConversations: newest first (by id), filtered; quarantined ones only when asked for. Each row
 * carries its latest message that is not an internal note (one index probe per row:
 * conversation_messages_conv_idx, newest first).
 */
export async function listPortalConversations(
  ctx: Ctx,
  f: PortalConversationFilter,
): Promise<ListedConversation[]> {
  const assignee = f.assigneeId === undefined ? null : f.assigneeId;
  const rows = await ctx.db.query<
    Conversation & {
      lm_direction: 'in' | 'out' | null;
      lm_kind: string | null;
      lm_body: string | null;
      lm_created_at: Date | null;
    }
  >(
    `select ${CONVERSATION_COLUMNS_C}, lm.direction as lm_direction, lm.kind as lm_kind,
       left(lm.body, ${BODY_HEAD_CHARS}) as lm_body, lm.created_at as lm_created_at
     from conversations c
     left join lateral (
       select m.direction, m.kind, m.body, m.created_at from conversation_messages m
       where m.workspace_id = c.workspace_id and m.conversation_id = c.id and m.direction <> 'note'
       order by m.id desc limit 1
     ) lm on true
     where c.workspace_id = $1 and ($2::text is null or c.id < $2) and ($3::text is null or c.state = $3)
       and ($4::text is null or ($4 = 'none' and c.assignee_id is null) or c.assignee_id = $4)
       and ($5::text is null or c.kind = $5) and ($6::text is null or $6 = any(c.tags))
       and (case when $7 then c.quarantined_at is not null else c.quarantined_at is null end)
     order by c.id desc limit $8`,
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
  return rows.map(({ lm_direction, lm_kind, lm_body, lm_created_at, ...c }) => ({
    ...c,
    last_message:
      lm_direction && lm_created_at
        ? {
            direction: lm_direction,
            kind: lm_kind ?? 'text',
            excerpt: messageExcerpt(lm_body ?? ''),
            created_at: lm_created_at,
          }
        : null,
  }));
}
