import type { OpenAPIHono } from '@hono/zod-openapi';
import { getConversation, listConversations } from '../../../server-core/conversations/read-conversations';
import * as conversations from '../../contract/conversations';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerConversationRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['conversations:read'] });

  app.openapi({ ...conversations.listConversations, middleware: read }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listConversations(requestCtx(c, services), {
      state: q.state,
      channel: q.channel,
      contactId: q.contact_id?.toLowerCase(),
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(conversations.conversationJson) }, 200);
  });

  app.openapi({ ...conversations.getConversation, middleware: read }, async (c) => {
    const detail = await getConversation(
      requestCtx(c, services),
      c.req.valid('param').conversationId.toLowerCase(),
      c.req.valid('query').message_limit,
    );
    const messages = detail.messages.map(conversations.messageJson);
    return c.json({ data: { ...conversations.conversationJson(detail), messages } }, 200);
  });
}
