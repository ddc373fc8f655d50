import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { conversationJson, messageJson } from '../../../server-core/conversations/conversation';
import { getConversation, listConversations } from '../../../server-core/conversations/read-conversations';
import type { AppEnv } from '../../env';
import { cursorPosition, pageOf, pageQuery, toPageBody } from '../../openapi/lists';
import { Conversation, ConversationDetail } from '../../openapi/resources';
import { errorResponses, Ulid, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { publicCtx } from './public-ctx';

export function registerConversationRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['conversations:read'] });

  app.openapi(
    createRoute({
      operationId: 'listConversations',
      method: 'get',
      path: '/api/v1/conversations',
      tags: ['Conversations'],
      summary: 'List conversations and tickets',
      description: 'Newest first; read only in v1. Ability `conversations:read`.',
      security: [{ apiKey: [] }],
      middleware: read,
      request: {
        query: z.object({
          ...pageQuery(),
          state: z.enum(['pending', 'open', 'snoozed', 'resolved']).optional(),
          channel: z.string().max(50).optional(),
          contact_id: Ulid.optional(),
        }),
      },
      responses: {
        200: {
          description: 'A page of conversations.',
          content: { 'application/json': { schema: pageOf(Conversation) } },
        },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await listConversations(publicCtx(c, services), {
        state: q.state,
        channel: q.channel,
        contactId: q.contact_id?.toLowerCase(),
        beforeId: cursorPosition(q.cursor),
        limit: q.limit,
      });
      const page = toPageBody(rows, q.limit);
      return c.json({ meta: page.meta, data: page.data.map(conversationJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'getConversation',
      method: 'get',
      path: '/api/v1/conversations/{conversationId}',
      tags: ['Conversations'],
      summary: 'Get a conversation with its messages',
      description:
        'The latest message_limit messages, oldest first; internal notes are never included. Ability `conversations:read`.',
      security: [{ apiKey: [] }],
      middleware: read,
      request: {
        params: z.object({ conversationId: ulidParam('conversationId') }),
        query: z.object({ message_limit: z.coerce.number().int().min(1).max(200).default(50) }),
      },
      responses: {
        200: {
          description: 'The conversation.',
          content: { 'application/json': { schema: z.object({ data: ConversationDetail }) } },
        },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const detail = await getConversation(
        publicCtx(c, services),
        c.req.valid('param').conversationId.toLowerCase(),
        c.req.valid('query').message_limit,
      );
      const messages = detail.messages.map(
        (m) => messageJson(m) as z.infer<typeof ConversationDetail>['messages'][number],
      );
      return c.json({ data: { ...conversationJson(detail), messages } }, 200);
    },
  );
}
