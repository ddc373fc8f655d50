import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import type { AuthoredMessage } from './conversation';
import { lockConversation } from './conversation-lock';
import { checkMessageBody } from './message-body';
import { staffAuthorId } from './staff-actor';

/**
 * addConversationNote: staff commentary (direction note). Never shown to the visitor, never in the public
 * API, no event, no frame; it does not count as a response or as activity (last_message_at stays).
 */
export async function addConversationNote(
  ctx: Ctx,
  input: { conversationId: string; body: string },
): Promise<AuthoredMessage> {
  const body = checkMessageBody(input.body);
  const authorId = staffAuthorId(ctx);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    await lockConversation(db, ctx.workspaceId, input.conversationId);
    const id = newId(now);
    await db.query(
      `insert into conversation_messages (workspace_id, id, conversation_id, direction, author_type, author_id, kind, body, created_at)
       values ($1, $2, $3, 'note', 'agent', $4, 'text', $5, $6)`,
      [ctx.workspaceId, id, input.conversationId, authorId, body, now],
    );
    await db.query('update conversations set updated_at = $3 where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      input.conversationId,
      now,
    ]);
    const [author] = authorId
      ? await db.query<{ name: string | null }>('select name from users where id = $1', [authorId])
      : [];
    return {
      id,
      direction: 'note',
      author_type: 'agent',
      author_id: authorId,
      author_name: author?.name ?? null,
      kind: 'text',
      body,
      created_at: now,
    };
  });
}
