import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody } from './common';
import { EXAMPLE_DEMO } from './examples';
import { API_KEY, idempotencyHeaders } from './operation-parts';

/**
 * Contact events recorded from a customer's backend. The schema is loose on purpose: the event rules
 * (name pattern, properties, occurred_at window) are server-core's (events/event-rules.ts), so a broken
 * rule answers invalid_event_batch with its index and rule rather than a schema issue.
 */

const IncomingEvent = z
  .object({
    name: z.string().openapi({ description: '^[a-z][a-z0-9_.:-]{0,63}$, not starting service. or service:' }),
    contact_id: z.string().optional(),
    external_id: z.string().optional(),
    email: z.string().optional(),
    properties: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .optional()
      .openapi({ description: 'Flat: at most 20 keys, strings <= 500 characters, at most 4 KB of JSON.' }),
    occurred_at: DateTime.optional().openapi({
      description: 'Within the last 30 days and not in the future; default now.',
    }),
  })
  .openapi('ContactEvent');

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
    body: jsonBody(z.object({ events: z.array(IncomingEvent) }), {
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
