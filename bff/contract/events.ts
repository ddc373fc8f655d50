import { createRoute, z } from '@hono/zod-openapi';
import { EVENT_NAME } from '../../server-core/events/event-rules';
import type { ContactEvent } from '../../server-core/events/list-contact-events';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { API_KEY, idempotencyHeaders } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { ruleError, strictObject } from './strict-input';

/**
 * Contact events recorded from a customer's backend. The values are loose on purpose: the event rules
 * (name pattern, properties, occurred_at window) are server-core's (events/event-rules.ts), so a broken
 * rule answers invalid_event_batch with its index and rule rather than a schema issue. The keys are not:
 * an event key the contract does not declare is 422 parameter_unknown (`events.<index>.<key>`);
 * `properties` is free-form.
 */

const IncomingEvent = strictObject({
  name: z.string().openapi({ description: '^[a-z][a-z0-9_.:-]{0,63}$, not starting service. or service:' }),
  contact_id: z.string().optional(),
  external_id: z.string().optional(),
  email: z.string().optional(),
  properties: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()], ruleError('flat_scalar')))
    .optional()
    .openapi({ description: 'Flat: at most 20 keys, strings <= 500 characters, at most 4 KB of JSON.' }),
  occurred_at: DateTime.optional().openapi({
    description: 'Within the last 30 days and not in the future; default now.',
  }),
}).openapi('ContactEvent');

const IngestResult = z.object({
  data: z.object({
    accepted: z.number().int(),
    rejected: z.array(
      z.object({
        index: z.number().int(),
        code: z.literal('contact_not_found'),
        message: z.string(),
      }),
    ),
  }),
});

export const ingestContactEvents = createRoute({
  operationId: 'ingestContactEvents',
  method: 'post',
  path: '/api/v1/events',
  tags: ['Contact events'],
  summary: 'Record contact events',
  description:
    'A batch of 1 to 100 events. A malformed batch answers 422 invalid_event_batch with details.index and ' +
    'details.rule and writes nothing. Each contact is named by contact_id, external_id or email (the most ' +
    'specific wins); an unknown contact is listed in rejected (contact_not_found) and the others are written. ' +
    'Contacts are never created here. Ability `events:write`; needs feature.contacts.event_tracking.',
  security: API_KEY,
  request: {
    headers: idempotencyHeaders(),
    body: jsonBody(strictObject({ events: z.array(IncomingEvent) }), {
      events: [
        {
          name: 'report_exported',
          email: EXAMPLE_DEMO.contactEmail,
          properties: { format: 'csv', rows: 120 },
        },
        { name: 'invited_teammate', external_id: 'crm-9999' },
      ],
    }),
  },
  responses: {
    200: {
      description: 'Written, with the events whose contact is unknown.',
      content: json(IngestResult, {
        data: {
          accepted: 1,
          rejected: [{ index: 1, code: 'contact_not_found', message: 'No contact with this external_id.' }],
        },
      }),
    },
    ...errorResponses(401, 403, 404, 415, 422, 429),
  },
});

export const RecordedContactEvent = z
  .object({
    id: Ulid,
    name: z.string(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    occurred_at: DateTime.openapi({
      description: 'When it happened, as sent (default: when it was received).',
    }),
    received_at: DateTime.openapi({ description: 'When the service recorded it.' }),
    source: z.enum(['api', 'widget']).openapi({
      description: '`api`: ingestContactEvents; `widget`: tracked by the widget for its identified visitor.',
    }),
  })
  .openapi('RecordedContactEvent');

export function contactEventJson(e: ContactEvent) {
  return {
    id: e.id,
    name: e.name,
    properties: e.properties,
    occurred_at: e.occurred_at.toISOString(),
    received_at: e.received_at.toISOString(),
    source: e.source,
  };
}

export const listContactEvents = createRoute({
  operationId: 'listContactEvents',
  method: 'get',
  path: '/api/v1/contacts/{contactId}/events',
  tags: ['Contact events'],
  summary: "A contact's events, newest first",
  description:
    'Newest first by occurred_at (ties by id), so an event sent late takes its place in the timeline; kept 13 ' +
    "months. 404 for a contact the key's workspace does not have. Ability `contacts:read`; needs " +
    'feature.contacts.event_tracking.',
  security: API_KEY,
  request: {
    params: z.object({ contactId: ulidParam('contactId') }),
    query: strictObject({
      ...pageQuery(),
      name: z
        .string()
        .regex(EVENT_NAME)
        .optional()
        .openapi({ description: 'Only events with exactly this name.', example: 'signed_up' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of events.',
      content: json(pageOf(RecordedContactEvent), {
        meta: { next_cursor: null },
        data: [
          {
            id: EXAMPLE_ID.eventId,
            name: 'report_exported',
            properties: { format: 'csv', rows: 120 },
            occurred_at: EXAMPLE_TIME,
            received_at: EXAMPLE_TIME,
            source: 'api',
          },
        ],
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});
