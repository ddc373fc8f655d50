import type { Ctx } from '../context';
import type { AuthoredMessage } from './conversation';
import { lockConversation } from './conversation-lock';
import { mailReplyIfAway, type ReplyMailSettings } from './mail-reply';
import { checkMessageBody } from './message-body';
import { staffAuthorId } from './staff-actor';
import { appendMessage } from './visitor-conversation';

/**
 * replyToConversation: a staff message the visitor sees (direction out). The widgets of the conversation
 * hear `conversation.message` at commit; the first reply records first_response_at (the SLA's). With
 * `mail` settings, a reply to an away contact also goes out by mail in the same transaction (mail-reply.ts).
 */
export async function replyToConversation(
  ctx: Ctx,
  input: { conversationId: string; body: string },
  mail?: ReplyMailSettings,
): Promise<AuthoredMessage> {
  const body = checkMessageBody(input.body);
  const authorId = staffAuthorId(ctx);
  return ctx.db.tx(async (db) => {
    const inTx = { ...ctx, db };
    await lockConversation(db, ctx.workspaceId, input.conversationId);
    const written = await appendMessage(inTx, {
      conversationId: input.conversationId,
      direction: 'out',
      authorType: authorId ? 'agent' : 'system',
      authorId,
      kind: 'text',
      body,
    });
    if (mail) await mailReplyIfAway(inTx, mail, { conversationId: input.conversationId, body });
    const [author] = authorId
      ? await db.query<{ name: string | null }>('select name from users where id = $1', [authorId])
      : [];
    return {
      id: written.id,
      direction: 'out',
      author_type: authorId ? 'agent' : 'system',
      author_id: authorId,
      author_name: author?.name ?? null,
      kind: 'text',
      body,
      created_at: written.created_at,
    };
  });
}
