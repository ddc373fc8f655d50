import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';
import { lockConversation } from './conversation-lock';
import { normalizeTag } from './conversation-tag';

/** untagConversation: removes a tag (404 when the conversation does not carry it); conversation.tagged (source human). */
export async function untagConversation(
  ctx: Ctx,
  input: { conversationId: string; tag: string },
): Promise<Conversation> {
  const tag = normalizeTag(input.tag);
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, input.conversationId);
    if (!current.tags.includes(tag)) throw notFound('tag');
    const now = ctx.clock.now();
    const [row] = await db.query<Conversation>(
      `update conversations set tags = array_remove(tags, $3::text), updated_at = $4
       where workspace_id = $1 and id = $2 returning ${CONVERSATION_COLUMNS}`,
      [ctx.workspaceId, current.id, tag, now],
    );
    await emitEvent({ ...ctx, db }, 'conversation.tagged', {
      conversation_id: current.id,
      source: 'human',
      tagged_at: now.toISOString(),
    });
    return row!;
  });
}
