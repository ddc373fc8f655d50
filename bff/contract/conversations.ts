import { createRoute, z } from '@hono/zod-openapi';
import type {
  Conversation as ConversationRecord,
  Message as MessageRecord,
} from '../../server-core/conversations/conversation';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { API_KEY } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/** Support conversations and tickets with their messages, read only in v1 (spec section 2). */

const TAG = 'Conversations';

export const Conversation = z
  .object({
    id: Ulid,
    contact_id: Ulid.nullable().openapi({
      description:
        'Null while an anonymous widget visitor’s conversation has no contact (until the visitor is identified).',
    }),
    channel: z.string().openapi({ description: 'e.g. widget, email.' }),
    state: z.enum(['pending', 'open', 'snoozed', 'resolved']),
    kind: z.enum(['conversation', 'ticket']),
    subject: z.string().nullable(),
    reference: z.string().nullable(),
    priority: z.string().nullable(),
    rating: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The visitor’s 1-5 score, once asked and given.' }),
    assignee_id: z.string().nullable(),
    last_message_at: DateTime.nullable(),
    resolved_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .openapi('Conversation');

export const Message = z
  .object({
    id: Ulid,
    direction: z
      .enum(['in', 'out'])
      .openapi({ description: 'Internal notes (direction note) are never included.' }),
    author_type: z.enum(['contact', 'agent', 'ai', 'system']),
    kind: z.string(),
    body: z.string(),
    created_at: DateTime,
  })
  .openapi('Message');

export const ConversationDetail = Conversation.extend({
  messages: z.array(Message).openapi({ description: 'The latest message_limit messages, oldest first.' }),
}).openapi('ConversationDetail');

const exampleConversation: z.output<typeof Conversation> = {
  id: EXAMPLE_ID.conversationId,
  contact_id: EXAMPLE_ID.contactId,
  channel: 'widget',
  state: 'resolved',
  kind: 'conversation',
  subject: 'Exporting invoices',
  reference: null,
  priority: null,
  rating: null,
  assignee_id: null,
  last_message_at: EXAMPLE_LATER,
  resolved_at: EXAMPLE_LATER,
  created_at: EXAMPLE_TIME,
};

export function conversationJson(c: ConversationRecord) {
  return {
    id: c.id,
    contact_id: c.contact_id,
    channel: c.channel,
    state: c.state,
    kind: c.kind,
    subject: c.subject,
    reference: c.reference,
    priority: c.priority,
    rating: c.rating,
    assignee_id: c.assignee_id,
    last_message_at: iso(c.last_message_at),
    resolved_at: iso(c.resolved_at),
    created_at: c.created_at.toISOString(),
  };
}

/** A message as the API shows it; server-core never returns internal notes here. */
export function messageJson(m: MessageRecord) {
  return {
    id: m.id,
    direction: m.direction as z.infer<typeof Message>['direction'],
    author_type: m.author_type,
    kind: m.kind,
    body: m.body,
    created_at: m.created_at.toISOString(),
  };
}

export const listConversations = createRoute({
  operationId: 'listConversations',
  method: 'get',
  path: '/api/v1/conversations',
  tags: [TAG],
  summary: 'List conversations and tickets',
  description: 'Newest first; read only in v1. Ability `conversations:read`.',
  security: API_KEY,
  request: {
    query: strictObject({
      ...pageQuery(),
      state: z
        .enum(['pending', 'open', 'snoozed', 'resolved'])
        .optional()
        .openapi({ param: { example: 'resolved' } }),
      channel: z.string().max(50).optional(),
      contact_id: Ulid.optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of conversations.',
      content: json(pageOf(Conversation), { meta: { next_cursor: null }, data: [exampleConversation] }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const getConversation = createRoute({
  operationId: 'getConversation',
  method: 'get',
  path: '/api/v1/conversations/{conversationId}',
  tags: [TAG],
  summary: 'Get a conversation with its messages',
  description:
    'The latest message_limit messages, oldest first; internal notes are never included. Ability `conversations:read`.',
  security: API_KEY,
  request: {
    params: z.object({ conversationId: ulidParam('conversationId') }),
    query: strictObject({ message_limit: z.coerce.number().int().min(1).max(200).default(50) }),
  },
  responses: {
    200: {
      description: 'The conversation.',
      content: json(z.object({ data: ConversationDetail }), {
        data: {
          ...exampleConversation,
          messages: [
            {
              id: EXAMPLE_ID.messageId,
              direction: 'in',
              author_type: 'contact',
              kind: 'text',
              body: 'How do I export last month’s invoices?',
              created_at: EXAMPLE_TIME,
            },
            {
              id: '01m6bjg2hq5n7r9t1v3x5z7b9d',
              direction: 'out',
              author_type: 'agent',
              kind: 'text',
              body: 'Billing → Invoices → Export, then pick the month.',
              created_at: EXAMPLE_LATER,
            },
          ],
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});
