import { createRoute, z } from '@hono/zod-openapi';
import type { AuthoredMessage, Conversation } from '../../server-core/conversations/conversation';
import { MAX_MESSAGE_CHARS } from '../../server-core/conversations/conversation';
import type { ConversationSummary as SummaryRecord } from '../../server-core/conversations/list-visitor-conversations';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * The visitor's conversations from the Chat tab (issue 16 contract; docs/decisions/conversations.md): its own,
 * and its verified contact's. Notes never appear. No consent gating: a conversation is the visitor's own act.
 */

const RAILS =
  'Another visitor’s conversation is 404. Writes (start, send, rate) are rate limited to 30 a minute per visitor.';

const State = z.enum(['pending', 'open', 'snoozed', 'resolved']);
const Kind = z.enum(['conversation', 'ticket']);
const Body = z.string().min(1).max(MAX_MESSAGE_CHARS).openapi({ description: '1 to 5,000 characters.' });

export const WidgetAttachment = z
  .object({
    id: Ulid,
    name: z.string(),
    type: z.string().openapi({ description: 'The MIME type, found by content.' }),
    size: z.number().int(),
    status: z.enum(['scanning', 'clean', 'blocked']),
    download_url: z
      .string()
      .nullable()
      .openapi({ description: 'A signed link valid 15 minutes; only while clean.' }),
  })
  .openapi('WidgetAttachment');

export const WidgetMessage = z
  .object({
    id: Ulid,
    direction: z
      .enum(['in', 'out'])
      .openapi({ description: 'in: from the visitor; out: from staff or the system.' }),
    author_type: z.enum(['contact', 'agent', 'system']),
    author_name: z.string().nullable().openapi({ description: 'The staff member’s name; null otherwise.' }),
    kind: z.enum(['text', 'attachment']),
    body: z.string(),
    attachment: WidgetAttachment.nullable(),
    created_at: DateTime,
  })
  .openapi('WidgetMessage');

export const WidgetConversation = z
  .object({
    id: Ulid,
    state: State,
    kind: Kind,
    rating: z.number().int().nullable().openapi({ description: 'The visitor’s 1-5 score, or null.' }),
    rating_requested: z
      .boolean()
      .openapi({ description: 'Staff asked for a rating of this resolved conversation: show the 1-5 row.' }),
    created_at: DateTime,
    messages: z.array(WidgetMessage).openapi({ description: 'The latest 200, oldest first.' }),
  })
  .openapi('WidgetConversation');

export const ConversationSummary = z
  .object({
    id: Ulid,
    state: State,
    kind: Kind,
    last_message_at: DateTime.nullable(),
    created_at: DateTime,
    unread: z.number().int().openapi({ description: 'Staff messages since the visitor last read it.' }),
  })
  .openapi('ConversationSummary');

export function widgetMessageJson(m: AuthoredMessage): z.output<typeof WidgetMessage> {
  return {
    id: m.id,
    direction: m.direction === 'in' ? 'in' : 'out',
    author_type: m.author_type === 'contact' ? 'contact' : m.author_type === 'agent' ? 'agent' : 'system',
    author_name: m.author_name,
    kind: m.kind === 'attachment' ? 'attachment' : 'text',
    body: m.body,
    attachment: null,
    created_at: m.created_at.toISOString(),
  };
}

export function widgetConversationJson(
  c: Conversation,
  messages: readonly AuthoredMessage[],
  message: (m: AuthoredMessage) => z.output<typeof WidgetMessage> = widgetMessageJson,
): z.output<typeof WidgetConversation> {
  return {
    id: c.id,
    state: c.state,
    kind: c.kind,
    rating: c.rating,
    rating_requested: c.state === 'resolved' && c.rating_requested_at !== null,
    created_at: c.created_at.toISOString(),
    messages: messages.filter((m) => m.direction !== 'note').map(message),
  };
}

export function conversationSummaryJson(s: SummaryRecord): z.output<typeof ConversationSummary> {
  return {
    id: s.id,
    state: s.state,
    kind: s.kind,
    last_message_at: iso(s.last_message_at),
    created_at: s.created_at.toISOString(),
    unread: s.unread,
  };
}

const exampleMessages: z.output<typeof WidgetMessage>[] = [
  {
    id: EXAMPLE_ID.messageId,
    direction: 'in',
    author_type: 'contact',
    author_name: null,
    kind: 'text',
    body: 'How do I export last month’s invoices?',
    attachment: null,
    created_at: EXAMPLE_TIME,
  },
  {
    id: '01m6bjg2hq5n7r9t1v3x5z7b9d',
    direction: 'out',
    author_type: 'agent',
    author_name: 'Sam from Acme',
    kind: 'text',
    body: 'Billing → Invoices → Export, then pick the month.',
    attachment: null,
    created_at: EXAMPLE_LATER,
  },
];

const exampleConversation: z.output<typeof WidgetConversation> = {
  id: EXAMPLE_ID.conversationId,
  state: 'open',
  kind: 'conversation',
  rating: null,
  rating_requested: false,
  created_at: EXAMPLE_TIME,
  messages: exampleMessages,
};

const conversationParams = z.object({ conversationId: ulidParam('conversationId') });
const ratedParams = z.object({ conversationId: ulidParam('conversationId', 'ratedConversationId') });

export const widgetListConversations = createRoute({
  operationId: 'widgetListConversations',
  method: 'get',
  path: '/widget/conversations',
  tags: [WIDGET_TAG],
  summary: 'List the visitor’s conversations',
  description:
    'The conversations the visitor started and, when it is identified as a verified contact, the contact’s ' +
    '(from any browser or channel): latest activity first, at most 50, each with its count of unread staff messages.',
  security: VISITOR_TOKEN,
  responses: {
    200: {
      description: 'The visitor’s conversations.',
      content: json(z.object({ data: z.array(ConversationSummary) }), {
        data: [
          {
            id: EXAMPLE_ID.conversationId,
            state: 'open',
            kind: 'conversation',
            last_message_at: EXAMPLE_LATER,
            created_at: EXAMPLE_TIME,
            unread: 1,
          },
        ],
      }),
    },
    ...errorResponses(401, 429),
  },
});

export const widgetStartConversation = createRoute({
  operationId: 'widgetStartConversation',
  method: 'post',
  path: '/widget/conversations',
  tags: [WIDGET_TAG],
  summary: 'Start a conversation',
  description:
    'A chat with the visitor’s first message (trimmed; blank is 422). It belongs to the visitor and, when ' +
    'identified, to its verified contact; an anonymous visitor’s conversations follow it when user.set ' +
    `identifies it. ${RAILS}`,
  security: VISITOR_TOKEN,
  request: {
    body: jsonBody(strictObject({ body: Body }).openapi('WidgetStartConversationRequest'), {
      body: 'How do I export last month’s invoices?',
    }),
  },
  responses: {
    201: {
      description: 'The new conversation.',
      content: json(z.object({ data: WidgetConversation }), {
        data: { ...exampleConversation, messages: [exampleMessages[0]!] },
      }),
    },
    ...errorResponses(401, 415, 422, 429),
  },
});

export const widgetGetConversation = createRoute({
  operationId: 'widgetGetConversation',
  method: 'get',
  path: '/widget/conversations/{conversationId}',
  tags: [WIDGET_TAG],
  summary: 'Get a conversation with its messages',
  description:
    'The latest 200 messages, oldest first; internal notes never appear. Reading it marks its staff messages ' +
    'read (the list’s unread) unless `read=false`: the widget fetches it again on each `conversation.message` or ' +
    '`conversation.updated` frame of the realtime socket (frames carry ids only), and marks it read only while the ' +
    `visitor has it open in the Chat tab. ${RAILS}`,
  security: VISITOR_TOKEN,
  request: {
    params: conversationParams,
    query: strictObject({
      read: z.enum(['true', 'false']).optional().openapi({
        description: 'false: fetch without marking the staff messages read (default true).',
      }),
    }),
  },
  responses: {
    200: {
      description: 'The conversation.',
      content: json(z.object({ data: WidgetConversation }), { data: exampleConversation }),
    },
    ...errorResponses(401, 404, 429),
  },
});

export const widgetSendMessage = createRoute({
  operationId: 'widgetSendMessage',
  method: 'post',
  path: '/widget/conversations/{conversationId}/messages',
  tags: [WIDGET_TAG],
  summary: 'Send a message',
  description: `A resolved or snoozed conversation opens again on a visitor message. ${RAILS}`,
  security: VISITOR_TOKEN,
  request: {
    params: conversationParams,
    body: jsonBody(strictObject({ body: Body }).openapi('WidgetSendMessageRequest'), {
      body: 'Thanks, found it!',
    }),
  },
  responses: {
    201: {
      description: 'The message.',
      content: json(z.object({ data: WidgetMessage }), {
        data: { ...exampleMessages[0]!, body: 'Thanks, found it!', created_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 404, 415, 422, 429),
  },
});

export const widgetRateConversation = createRoute({
  operationId: 'widgetRateConversation',
  method: 'post',
  path: '/widget/conversations/{conversationId}/rating',
  tags: [WIDGET_TAG],
  summary: 'Rate a resolved conversation',
  description:
    'The visitor’s 1-5 score, stored as the conversation’s rating (the API’s rating field). Only while the ' +
    'conversation is resolved and staff asked for a rating (rating_requested): otherwise 409 ' +
    `rating_not_requested. Rating again replaces the score. ${RAILS}`,
  security: VISITOR_TOKEN,
  request: {
    params: ratedParams,
    body: jsonBody(
      strictObject({ score: z.number().int().min(1).max(5) }).openapi('WidgetRateConversationRequest'),
      { score: 5 },
    ),
  },
  responses: {
    200: {
      description: 'The rated conversation.',
      content: json(z.object({ data: WidgetConversation }), {
        data: {
          ...exampleConversation,
          id: EXAMPLE_ID.ratedConversationId,
          state: 'resolved',
          rating: 5,
          rating_requested: true,
        },
      }),
    },
    ...errorResponses(401, 404, 409, 415, 422, 429),
  },
});
