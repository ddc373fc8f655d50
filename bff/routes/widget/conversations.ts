import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthoredMessage, Conversation } from '../../../server-core/conversations/conversation';
import { getVisitorConversation } from '../../../server-core/conversations/get-visitor-conversation';
import { listVisitorConversations } from '../../../server-core/conversations/list-visitor-conversations';
import { rateConversation } from '../../../server-core/conversations/rate-conversation';
import { sendVisitorMessage } from '../../../server-core/conversations/send-visitor-message';
import { startConversation } from '../../../server-core/conversations/start-conversation';
import { withAttachments } from '../../attachments/message-attachments';
import * as chat from '../../contract/widget-conversations';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** The Chat tab's operations: the visitor's own conversations (and its verified contact's). */
export function registerWidgetConversationRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services)];
  // Messages of kind attachment carry their attachment (a signed link while clean).
  const conversationJson = async (
    workspaceId: string,
    read: { conversation: Conversation; messages: AuthoredMessage[] },
  ) =>
    chat.widgetConversationJson(
      read.conversation,
      read.messages,
      await withAttachments(services, workspaceId, read.messages, 'widget', chat.widgetMessageJson),
    );

  app.openapi({ ...chat.widgetListConversations, middleware: guard }, async (c) => {
    const rows = await listVisitorConversations(requestCtx(c, services), c.get('visitor')!);
    return c.json({ data: rows.map(chat.conversationSummaryJson) }, 200);
  });

  app.openapi({ ...chat.widgetStartConversation, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const visitor = c.get('visitor')!;
    const started = await startConversation(ctx, services.rateLimiter, visitor, c.req.valid('json'));
    const read = await getVisitorConversation(ctx, visitor, started.id, { markRead: false });
    return c.json({ data: await conversationJson(ctx.workspaceId, read) }, 201);
  });

  app.openapi({ ...chat.widgetGetConversation, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const read = await getVisitorConversation(
      ctx,
      c.get('visitor')!,
      c.req.valid('param').conversationId.toLowerCase(),
      { markRead: c.req.valid('query').read !== 'false' },
    );
    return c.json({ data: await conversationJson(ctx.workspaceId, read) }, 200);
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
    const ctx = requestCtx(c, services);
    const read = await rateConversation(ctx, services.rateLimiter, c.get('visitor')!, {
      conversationId: c.req.valid('param').conversationId.toLowerCase(),
      score: c.req.valid('json').score,
    });
    return c.json({ data: await conversationJson(ctx.workspaceId, read) }, 200);
  });
}
