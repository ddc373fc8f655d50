import { createRoute, z } from '@hono/zod-openapi';
import {
  type AuthoredMessage,
  type Conversation,
  MAX_MESSAGE_CHARS,
  MAX_SUBJECT_CHARS,
  MAX_TAG_CHARS,
  PRIORITIES,
} from '../../server-core/conversations/conversation';
import type { ListedConversation } from '../../server-core/conversations/list-portal-conversations';
import { EXCERPT_CHARS } from '../../server-core/conversations/message-excerpt';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';
import { WidgetAttachment } from './widget-conversations';

/**
 * Staff's inbox (issue 16 contract; docs/decisions/conversations.md): list, read with notes, reply, note,
 * assign, tag, snooze, resolve, reopen, tickets, the rating request and the spam hold's release. Permission
 * `conversations.manage` (owner, admin, member).
 */

const TAG = 'Portal: conversations';
const PERMISSION = 'Permission `conversations.manage`.';

const State = z.enum(['pending', 'open', 'snoozed', 'resolved']);
const Kind = z.enum(['conversation', 'ticket']);
const Priority = z.enum(PRIORITIES);
const Body = z.string().min(1).max(MAX_MESSAGE_CHARS).openapi({ description: '1 to 5,000 characters.' });
const TagValue = z
  .string()
  .min(1)
  .max(MAX_TAG_CHARS)
  .openapi({ description: 'Stored trimmed and lower-case, 1 to 50 characters; at most 20 tags.' });

export const PortalConversation = z
  .object({
    id: Ulid,
    contact_id: Ulid.nullable().openapi({
      description: 'Null while an anonymous visitor’s conversation has no contact.',
    }),
    widget_visitor_id: z
      .string()
      .nullable()
      .openapi({ description: 'The widget visitor who started it, if any.' }),
    channel: z.string(),
    state: State,
    kind: Kind,
    subject: z.string().nullable(),
    reference: z
      .string()
      .nullable()
      .openapi({ description: 'A ticket’s reference: T-1001, T-1002, ... per workspace.' }),
    priority: Priority.nullable(),
    rating: z.number().int().nullable(),
    rating_requested_at: DateTime.nullable(),
    assignee_id: z.string().nullable(),
    tags: z.array(z.string()),
    snoozed_until: DateTime.nullable(),
    quarantined: z
      .boolean()
      .openapi({ description: 'Held by the spam rules; hidden from the default list.' }),
    first_response_at: DateTime.nullable(),
    ticket_opened_at: DateTime.nullable(),
    sla_first_response_breached_at: DateTime.nullable(),
    sla_resolution_breached_at: DateTime.nullable(),
    last_message_at: DateTime.nullable(),
    resolved_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .openapi('PortalConversation');

export const PortalConversationListItem = PortalConversation.extend({
  last_message: z
    .object({
      direction: z.enum(['in', 'out']).openapi({ description: 'in: from the visitor; out: from staff.' }),
      kind: z
        .enum(['text', 'attachment'])
        .openapi({ description: 'attachment: the excerpt is its file name.' }),
      excerpt: z.string().openapi({
        description: `The body on one line (whitespace folded), at most ${EXCERPT_CHARS} characters, cut at a word with an ellipsis.`,
      }),
      created_at: DateTime,
    })
    .nullable()
    .openapi({
      description:
        'The latest message between the visitor and staff (internal notes left out), previewed; null when there is none. ' +
        'Added in issue 17: the list only; the other answers of a conversation do not carry it.',
    }),
}).openapi('PortalConversationListItem');

export const PortalMessage = z
  .object({
    id: Ulid,
    direction: z
      .enum(['in', 'out', 'note'])
      .openapi({ description: 'note: internal, never shown to the visitor.' }),
    author_type: z.enum(['contact', 'agent', 'ai', 'system']),
    author_id: z
      .string()
      .nullable()
      .openapi({ description: 'The member’s user id for staff; the contact or visitor id.' }),
    author_name: z.string().nullable(),
    kind: z.enum(['text', 'attachment']),
    body: z.string(),
    attachment: WidgetAttachment.nullable(),
    created_at: DateTime,
  })
  .openapi('PortalMessage');

export const PortalConversationDetail = PortalConversation.extend({
  messages: z.array(PortalMessage).openapi({ description: 'The latest 500, oldest first, notes included.' }),
}).openapi('PortalConversationDetail');

export function portalConversationJson(c: Conversation): z.output<typeof PortalConversation> {
  return {
    id: c.id,
    contact_id: c.contact_id,
    widget_visitor_id: c.widget_visitor_id,
    channel: c.channel,
    state: c.state,
    kind: c.kind,
    subject: c.subject,
    reference: c.reference,
    priority: (PRIORITIES as readonly string[]).includes(c.priority ?? '')
      ? (c.priority as z.output<typeof Priority>)
      : null,
    rating: c.rating,
    rating_requested_at: iso(c.rating_requested_at),
    assignee_id: c.assignee_id,
    tags: c.tags,
    snoozed_until: iso(c.snoozed_until),
    quarantined: c.quarantined_at !== null,
    first_response_at: iso(c.first_response_at),
    ticket_opened_at: iso(c.ticket_opened_at),
    sla_first_response_breached_at: iso(c.sla_first_response_breached_at),
    sla_resolution_breached_at: iso(c.sla_resolution_breached_at),
    last_message_at: iso(c.last_message_at),
    resolved_at: iso(c.resolved_at),
    created_at: c.created_at.toISOString(),
  };
}

export function portalConversationListItemJson(
  c: ListedConversation,
): z.output<typeof PortalConversationListItem> {
  const m = c.last_message;
  return {
    ...portalConversationJson(c),
    last_message: m && {
      direction: m.direction,
      kind: m.kind === 'attachment' ? 'attachment' : 'text',
      excerpt: m.excerpt,
      created_at: m.created_at.toISOString(),
    },
  };
}

export function portalMessageJson(m: AuthoredMessage): z.output<typeof PortalMessage> {
  return {
    id: m.id,
    direction: m.direction,
    author_type: m.author_type,
    author_id: m.author_id,
    author_name: m.author_name,
    kind: m.kind === 'attachment' ? 'attachment' : 'text',
    body: m.body,
    attachment: null,
    created_at: m.created_at.toISOString(),
  };
}

const exampleConversation: z.output<typeof PortalConversation> = {
  id: EXAMPLE_ID.conversationId,
  contact_id: EXAMPLE_ID.contactId,
  widget_visitor_id: null,
  channel: 'widget',
  state: 'open',
  kind: 'conversation',
  subject: 'Exporting invoices',
  reference: null,
  priority: null,
  rating: null,
  rating_requested_at: null,
  assignee_id: null,
  tags: [],
  snoozed_until: null,
  quarantined: false,
  first_response_at: EXAMPLE_LATER,
  ticket_opened_at: null,
  sla_first_response_breached_at: null,
  sla_resolution_breached_at: null,
  last_message_at: EXAMPLE_LATER,
  resolved_at: null,
  created_at: EXAMPLE_TIME,
};

const exampleReply: z.output<typeof PortalMessage> = {
  id: EXAMPLE_ID.messageId,
  direction: 'out',
  author_type: 'agent',
  author_id: EXAMPLE_ID.userId,
  author_name: 'Sam from Acme',
  kind: 'text',
  body: 'Billing → Invoices → Export, then pick the month.',
  attachment: null,
  created_at: EXAMPLE_LATER,
};

const conversationParams = workspaceParams.extend({ conversationId: ulidParam('conversationId') });
const ratedParams = workspaceParams.extend({
  conversationId: ulidParam('conversationId', 'ratedConversationId'),
});
const base = '/api/v1/workspaces/{workspaceId}';
const one = (description: string, example: z.output<typeof PortalConversation> = exampleConversation) => ({
  description,
  content: json(z.object({ data: PortalConversation }), { data: example }),
});

export const listPortalConversations = createRoute({
  operationId: 'listPortalConversations',
  method: 'get',
  path: `${base}/conversations`,
  tags: [TAG],
  summary: 'List conversations and tickets',
  description:
    'Newest first, filtered by state, assignee (a member’s user id, or `none` for unassigned), kind and tag; ' +
    'each with a preview of its latest message (`last_message`, internal notes left out). ' +
    `Quarantined conversations (held by the spam rules) appear only with quarantined=true. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    query: strictObject({
      ...pageQuery(),
      state: State.optional(),
      assignee_id: z.string().min(1).max(64).optional(),
      kind: Kind.optional(),
      tag: TagValue.optional(),
      quarantined: z.enum(['true', 'false']).optional().openapi({ description: 'true: only the held ones.' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of conversations.',
      content: json(pageOf(PortalConversationListItem), {
        meta: { next_cursor: null },
        data: [
          {
            ...exampleConversation,
            last_message: {
              direction: 'out',
              kind: 'text',
              excerpt: 'Billing → Invoices → Export, then pick the month.',
              created_at: EXAMPLE_LATER,
            },
          },
        ],
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const getPortalConversation = createRoute({
  operationId: 'getPortalConversation',
  method: 'get',
  path: `${base}/conversations/{conversationId}`,
  tags: [TAG],
  summary: 'Get a conversation with its messages and notes',
  description: `The latest 500 messages, oldest first, internal notes included. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: conversationParams },
  responses: {
    200: {
      description: 'The conversation.',
      content: json(z.object({ data: PortalConversationDetail }), {
        data: {
          ...exampleConversation,
          messages: [
            {
              id: '01m6bjg2hq5n7r9t1v3x5z7b9d',
              direction: 'in',
              author_type: 'contact',
              author_id: EXAMPLE_ID.contactId,
              author_name: null,
              kind: 'text',
              body: 'How do I export last month’s invoices?',
              attachment: null,
              created_at: EXAMPLE_TIME,
            },
            exampleReply,
          ],
        },
      }),
    },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const replyToConversation = createRoute({
  operationId: 'replyToConversation',
  method: 'post',
  path: `${base}/conversations/{conversationId}/replies`,
  tags: [TAG],
  summary: 'Reply to the visitor',
  description:
    'A staff message the visitor sees; its widgets hear a `conversation.message` frame at once. The first ' +
    `reply is the conversation’s first response (the SLA’s). ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams,
    headers: idempotencyHeaders(),
    body: jsonBody(strictObject({ body: Body }).openapi('ReplyToConversationRequest'), {
      body: exampleReply.body,
    }),
  },
  responses: {
    201: {
      description: 'The reply.',
      content: json(z.object({ data: PortalMessage }), { data: exampleReply }),
    },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const addConversationNote = createRoute({
  operationId: 'addConversationNote',
  method: 'post',
  path: `${base}/conversations/{conversationId}/notes`,
  tags: [TAG],
  summary: 'Add an internal note',
  description: `Direction note: never shown to the visitor nor in the public API; no event. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams,
    headers: idempotencyHeaders(),
    body: jsonBody(strictObject({ body: Body }).openapi('AddConversationNoteRequest'), {
      body: 'Pro customer, 12 seats.',
    }),
  },
  responses: {
    201: {
      description: 'The note.',
      content: json(z.object({ data: PortalMessage }), {
        data: { ...exampleReply, direction: 'note', body: 'Pro customer, 12 seats.' },
      }),
    },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const assignConversation = createRoute({
  operationId: 'assignConversation',
  method: 'put',
  path: `${base}/conversations/{conversationId}/assignee`,
  tags: [TAG],
  summary: 'Assign or unassign',
  description: `A member of the workspace (422 validation_failed, rule member, otherwise), or null. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams,
    body: jsonBody(
      strictObject({ assignee_id: z.string().min(1).max(64).nullable() }).openapi(
        'AssignConversationRequest',
      ),
      { assignee_id: EXAMPLE_ID.userId },
    ),
  },
  responses: {
    200: one('The conversation.', { ...exampleConversation, assignee_id: EXAMPLE_ID.userId }),
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const tagConversation = createRoute({
  operationId: 'tagConversation',
  method: 'post',
  path: `${base}/conversations/{conversationId}/tags`,
  tags: [TAG],
  summary: 'Add a tag',
  description: `conversation.tagged (source human) goes out only when the tags change. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams,
    headers: idempotencyHeaders(),
    body: jsonBody(strictObject({ tag: TagValue }).openapi('TagConversationRequest'), { tag: 'billing' }),
  },
  responses: {
    200: one('The conversation.', { ...exampleConversation, tags: ['billing'] }),
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const untagConversation = createRoute({
  operationId: 'untagConversation',
  method: 'delete',
  path: `${base}/conversations/{conversationId}/tags/{tag}`,
  tags: [TAG],
  summary: 'Remove a tag',
  description: `conversation.tagged (source human) goes out; a tag the conversation does not carry is 404. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams.extend({
      tag: TagValue.openapi({ param: { name: 'tag', in: 'path', example: 'billing' } }),
    }),
  },
  responses: {
    200: one('The conversation.'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const snoozeConversation = createRoute({
  operationId: 'snoozeConversation',
  method: 'post',
  path: `${base}/conversations/{conversationId}/snooze`,
  tags: [TAG],
  summary: 'Snooze until a time',
  description:
    'Out of the open queue until `until` (in the future, at most 10 years on); the worker opens it again then ' +
    `(within a minute), and a visitor message opens it sooner. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams,
    headers: idempotencyHeaders(),
    body: jsonBody(strictObject({ until: DateTime }).openapi('SnoozeConversationRequest'), {
      until: '2030-01-07T09:00:00.000Z',
    }),
  },
  responses: {
    200: one('The conversation.', {
      ...exampleConversation,
      state: 'snoozed',
      snoozed_until: '2030-01-07T09:00:00.000Z',
    }),
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const resolveConversation = createRoute({
  operationId: 'resolveConversation',
  method: 'post',
  path: `${base}/conversations/{conversationId}/resolve`,
  tags: [TAG],
  summary: 'Resolve',
  description: `conversation.resolved goes out on the transition only; resolving again changes nothing. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: conversationParams, headers: idempotencyHeaders() },
  responses: {
    200: one('The conversation.', { ...exampleConversation, state: 'resolved', resolved_at: EXAMPLE_LATER }),
    ...errorResponses(401, 403, 404, 429),
  },
});

export const reopenConversation = createRoute({
  operationId: 'reopenConversation',
  method: 'post',
  path: `${base}/conversations/{conversationId}/reopen`,
  tags: [TAG],
  summary: 'Reopen',
  description: `A resolved or snoozed conversation is open again; its rating request ends. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: conversationParams, headers: idempotencyHeaders() },
  responses: {
    200: one('The conversation.'),
    ...errorResponses(401, 403, 404, 429),
  },
});

const exampleTicket = {
  ...exampleConversation,
  kind: 'ticket' as const,
  reference: 'T-1001',
  priority: 'high' as const,
  ticket_opened_at: EXAMPLE_LATER,
};

export const convertToTicket = createRoute({
  operationId: 'convertToTicket',
  method: 'post',
  path: `${base}/conversations/{conversationId}/ticket`,
  tags: [TAG],
  summary: 'Convert to a ticket',
  description:
    'Kind ticket, the workspace’s next reference (T-1001, T-1002, ...), a priority (low, normal, high, urgent) ' +
    'and optionally a subject; its SLA clocks start now. ticket.opened (origin conversation) goes out once; ' +
    `converting a ticket again changes nothing. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: conversationParams,
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        priority: Priority,
        subject: z.string().min(1).max(MAX_SUBJECT_CHARS).optional(),
      }).openapi('ConvertToTicketRequest'),
      { priority: 'high', subject: 'Exporting invoices' },
    ),
  },
  responses: {
    200: one('The ticket.', exampleTicket),
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const openTicket = createRoute({
  operationId: 'openTicket',
  method: 'post',
  path: `${base}/tickets`,
  tags: [TAG],
  summary: 'Open a ticket for a contact',
  description:
    'Channel portal, kind ticket, the next reference; the body is its first message, from staff, visible to the ' +
    `contact. conversation.created (kind ticket) and ticket.opened (origin portal) go out. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        contact_id: Ulid,
        subject: z.string().min(1).max(MAX_SUBJECT_CHARS),
        priority: Priority,
        body: Body,
      }).openapi('OpenTicketRequest'),
      {
        contact_id: EXAMPLE_ID.contactId,
        subject: 'SSO setup',
        priority: 'high',
        body: 'We are looking into the SAML audience error and will write back today.',
      },
    ),
  },
  responses: {
    201: {
      description: 'The ticket.',
      content: json(z.object({ data: PortalConversation }), {
        data: { ...exampleTicket, channel: 'portal', subject: 'SSO setup' },
      }),
    },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const requestConversationRating = createRoute({
  operationId: 'requestConversationRating',
  method: 'post',
  path: `${base}/conversations/{conversationId}/rating-request`,
  tags: [TAG],
  summary: 'Ask the visitor for a rating',
  description:
    'The Chat tab shows a 1-5 row; the score lands in rating. Only a resolved conversation (409 ' +
    `conversation_not_resolved); asking again changes nothing. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: ratedParams, headers: idempotencyHeaders() },
  responses: {
    200: one('The conversation.', {
      ...exampleConversation,
      id: EXAMPLE_ID.ratedConversationId,
      state: 'resolved',
      resolved_at: EXAMPLE_LATER,
      rating_requested_at: EXAMPLE_LATER,
    }),
    ...errorResponses(401, 403, 404, 409, 429),
  },
});

export const releaseConversation = createRoute({
  operationId: 'releaseConversation',
  method: 'post',
  path: `${base}/conversations/{conversationId}/release`,
  tags: [TAG],
  summary: 'Release from quarantine',
  description:
    'A conversation held by the spam rules joins the default list: conversation.released, then the ' +
    `conversation.created the hold kept back. Releasing one that is not held changes nothing. ${PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: conversationParams, headers: idempotencyHeaders() },
  responses: {
    200: one('The conversation.'),
    ...errorResponses(401, 403, 404, 429),
  },
});
