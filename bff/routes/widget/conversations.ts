import type { OpenAPIHono } from '@hono/zod-openapi';
import { getVisitorConversation } from '../../../server-core/conversations/get-visitor-conversation';
import { listVisitorConversations } from '../../../server-core/conversations/list-visitor-conversations';
import { rateConversation } from '../../../server-core/conversations/rate-conversation';
import { sendVisitorMessage } from '../../../server-core/conversations/send-visitor-message';
import { startConversation } from '../../../server-core/conversations/start-conversation';
import * as chat from '../../contract/widget-conversations';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** The Chat tab's operations: the visitor's own conversations (and its verified contact's). */
export function registerWidgetConversationRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services)];

  app.openapi({ ...chat.widgetListConversations, middleware: guard }, async (c) => {
    const rows = await listVisitorConversations(requestCtx(c, services), c.get('visitor')!);
    return c.json({ data: rows.map(chat.conversationSummaryJson) }, 200);
  });

  app.openapi({ ...chat.widgetStartConversation, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const visitor = c.get('visitor')!;
    const started = await startConversation(ctx, services.rateLimiter, visitor, c.req.valid('json'));
    const read = await getVisitorConversation(ctx, visitor, started.id, { markRead: false });
    return c.json({ data: chat.widgetConversationJson(read.conversation, read.messages) }, 201);
  });

  app.openapi({ ...chat.widgetGetConversation, middleware: guard }, async (c) => {
    const read = await getVisitorConversation(
      requestCtx(c, services),
      c.get('visitor')!,
      c.req.valid('param').conversationId.toLowerCase(),
    );
    return c.json({ data: chat.widgetConversationJson(read.conversation, read.messages) }, 200);
  });

  app.openapi({ ...chat.widgetSendMessage, middleware: guard }, async (c) => {
    const message = await sendVisitorMessage(
      requestCtx(c, services),
      services.rateLimiter,
      c.get('visitor')!,
      {
        conversationId: c.req.valid('param').conversationId.toLowerCase(),
        body: c.req.valid('json').body,
      },
    );
    return c.json({ data: chat.widgetMessageJson(message) }, 201);
  });

  app.openapi({ ...chat.widgetRateConversation, middleware: guard }, async (c) => {
    const read = await rateConversation(requestCtx(c, services), services.rateLimiter, c.get('visitor')!, {
      conversationId: c.req.valid('param').conversationId.toLowerCase(),
      score: c.req.valid('json').score,
    });
    return c.json({ data: chat.widgetConversationJson(read.conversation, read.messages) }, 200);
  });
}
