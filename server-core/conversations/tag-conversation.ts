import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';
import { CONVERSATION_COLUMNS, type Conversation, MAX_TAGS } from './conversation';
import { lockConversation } from './conversation-lock';
import { normalizeTag } from './conversation-tag';

/** tagConversation: adds a tag; conversation.tagged (source human) only when the tags really change. */
export async function tagConversation(
  ctx: Ctx,
  input: { conversationId: string; tag: string },
): Promise<Conversation> {
  const tag = normalizeTag(input.tag);
  return ctx.db.tx(async (db) => {
    const current = await lockConversation(db, ctx.workspaceId, input.conversationId);
    if (current.tags.includes(tag)) return current;
    if (current.tags.length >= MAX_TAGS) {
      throw new DomainError('validation_failed', { field: 'tag', rule: 'max_items', max: MAX_TAGS });
    }
    const now = ctx.clock.now();
    const [row] = await db.query<Conversation>(
      `update conversations set tags = array_append(tags, $3::text), updated_at = $4
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
