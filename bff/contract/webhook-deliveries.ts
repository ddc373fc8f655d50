import { createRoute, z } from '@hono/zod-openapi';
import type { DeliveryStatus, WebhookDelivery } from '../../server-core/webhooks/delivery-record';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { API_KEY, idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';
import { PORTAL_WEBHOOKS_TAG, PUBLIC_WEBHOOKS_TAG } from './webhook-endpoints';

/**
 * An endpoint's delivery log with every attempt, and redelivery (portal only); the test event (both
 * surfaces, one handler: bff/routes/webhooks.ts).
 */

export const DELIVERY_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
] as const satisfies readonly DeliveryStatus[];

export const WebhookAttemptSchema = z
  .object({
    number: z.number().int().min(1).max(5),
    attempted_at: DateTime,
    duration_ms: z.number().int(),
    status_code: z.number().int().nullable().openapi({ description: 'The HTTP status, when one came back.' }),
    succeeded: z.boolean(),
    error_code: z
      .enum([
        'http_status',
        'redirect_not_followed',
        'timeout',
        'dns_failed',
        'address_refused',
        'connection_failed',
        'tls_failed',
        'invalid_url',
        'signing_secret_unavailable',
      ])
      .nullable(),
    error: z
      .string()
      .nullable()
      .openapi({
        description:
          'Why the attempt failed, for humans. A host refused at attempt time reads "has no public address" ' +
          'whether its name points into private space or does not exist.',
      }),
  })
  .openapi('WebhookAttempt');

export const WebhookDeliverySchema = z
  .object({
    id: Ulid,
    endpoint_id: Ulid,
    event_id: Ulid,
    event_type: z.string(),
    idempotency_key: z.string().openapi({
      description:
        'The envelope id, sent as Idempotency-Key and Service-Delivery-Id; a redelivery keeps the original one.',
    }),
    payload_version: z.string(),
    status: z.enum(DELIVERY_STATUSES).openapi({
      description:
        '`pending` while attempts remain, `succeeded`, `failed` after the fifth failed attempt, `cancelled` ' +
        'when the endpoint was disabled first.',
    }),
    attempt_count: z
      .number()
      .int()
      .openapi({
        description:
          'Attempts made (the Service-Attempt of the latest). An attempt whose worker stopped before recording ' +
          'it counts but is not listed in `attempts`; the next one carries the next number.',
      }),
    next_attempt_at: DateTime.nullable(),
    redelivery_of: Ulid.nullable(),
    created_at: DateTime,
    completed_at: DateTime.nullable(),
    attempts: z.array(WebhookAttemptSchema),
  })
  .openapi('WebhookDelivery');

const exampleDelivery: z.output<typeof WebhookDeliverySchema> = {
  id: EXAMPLE_ID.deliveryId,
  endpoint_id: EXAMPLE_ID.endpointId,
  event_id: EXAMPLE_ID.eventId,
  event_type: 'contact.created',
  idempotency_key: EXAMPLE_ID.deliveryId,
  payload_version: '2026-10-09',
  status: 'succeeded',
  attempt_count: 2,
  next_attempt_at: null,
  redelivery_of: null,
  created_at: EXAMPLE_TIME,
  completed_at: EXAMPLE_LATER,
  attempts: [
    {
      number: 1,
      attempted_at: EXAMPLE_TIME,
      duration_ms: 10000,
      status_code: null,
      succeeded: false,
      error_code: 'timeout',
      error: 'No answer within 10 seconds.',
    },
    {
      number: 2,
      attempted_at: EXAMPLE_LATER,
      duration_ms: 212,
      status_code: 200,
      succeeded: true,
      error_code: null,
      error: null,
    },
  ],
};

export function deliveryJson(d: WebhookDelivery) {
  return {
    id: d.id,
    endpoint_id: d.endpoint_id,
    event_id: d.event_id,
    event_type: d.event_type,
    idempotency_key: d.delivery_key,
    payload_version: d.payload_version,
    status: d.status,
    attempt_count: d.attempt_count,
    next_attempt_at: iso(d.next_attempt_at),
    redelivery_of: d.redelivery_of,
    created_at: d.created_at.toISOString(),
    completed_at: iso(d.completed_at),
    attempts: d.attempts.map((a) => ({
      number: a.number,
      attempted_at: a.attempted_at.toISOString(),
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      succeeded: a.succeeded,
      error_code: a.error_code as z.infer<typeof WebhookAttemptSchema>['error_code'],
      error: a.error,
    })),
  };
}

export const listWebhookDeliveries = createRoute({
  operationId: 'listWebhookDeliveries',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}/deliveries',
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: "An endpoint's delivery log with every attempt",
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ endpointId: ulidParam('endpointId') }),
    query: strictObject({
      ...pageQuery(),
      status: z.enum(DELIVERY_STATUSES).optional().openapi({ description: 'Only deliveries in this state.' }),
    }),
  },
  responses: {
    200: {
      description:
        'Deliveries newest first; attempts oldest first with time, duration, status code or error.',
      content: json(pageOf(WebhookDeliverySchema), { meta: { next_cursor: null }, data: [exampleDelivery] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const redeliverWebhookDelivery = createRoute({
  operationId: 'redeliverWebhookDelivery',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/webhook-deliveries/{deliveryId}/redeliver',
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: 'Send a delivery again as a new delivery',
  description:
    "The new delivery carries the original's exact bytes and Idempotency-Key, signed afresh, with five " +
    'attempts of its own; the original keeps its status and attempts. 409 `endpoint_disabled` while the ' +
    'endpoint is disabled, 409 `delivery_in_progress` while the original still has attempts to come.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ deliveryId: ulidParam('deliveryId') }),
    headers: idempotencyHeaders(),
  },
  responses: {
    201: {
      description: 'The new delivery; its first attempt is due now.',
      content: json(z.object({ data: WebhookDeliverySchema }), {
        data: {
          ...exampleDelivery,
          id: '01m6bjfz2c4k8e9r0t3v5w7x9y',
          status: 'pending',
          attempt_count: 0,
          next_attempt_at: EXAMPLE_LATER,
          redelivery_of: EXAMPLE_ID.deliveryId,
          created_at: EXAMPLE_LATER,
          completed_at: null,
          attempts: [],
        },
      }),
    },
    ...errorResponses(401, 403, 404, 409),
  },
});

// ---- the test event, on both surfaces ----

const TEST_SUMMARY = 'Send a test event (webhook.ping) to this endpoint';
const TEST_DESCRIPTION =
  'Queues one `webhook.ping` delivery to this endpoint only, whatever events it subscribes to: ' +
  '`data` is `{ endpoint_id, sent_by, sent_by_id }` (who asked: `user` or `api_key`, and its id). It is ' +
  'signed and sent by the worker like any delivery (first attempt now, retries on the usual schedule) and ' +
  'appears in the delivery log with its attempts. webhook.ping cannot be subscribed to and is not in the ' +
  'event-type list. 409 `endpoint_disabled` while the endpoint is disabled.';
const testAccepted = {
  description: 'The delivery, queued: its first attempt is due now (`attempts` is still empty).',
  content: json(z.object({ data: WebhookDeliverySchema }), {
    data: {
      ...exampleDelivery,
      id: '01m6bjg3m1r5a7c9e1g3j5k7n9',
      event_id: '01m6bjg3m1r5a7c9e1g3j5k7p0',
      event_type: 'webhook.ping',
      idempotency_key: '01m6bjg3m1r5a7c9e1g3j5k7n9',
      status: 'pending',
      attempt_count: 0,
      next_attempt_at: EXAMPLE_TIME,
      completed_at: null,
      attempts: [],
    },
  }),
};

export const sendWebhookTestEvent = createRoute({
  operationId: 'sendWebhookTestEvent',
  method: 'post',
  path: '/api/v1/webhooks/{webhookId}/test',
  tags: [PUBLIC_WEBHOOKS_TAG],
  summary: TEST_SUMMARY,
  description: TEST_DESCRIPTION,
  security: API_KEY,
  request: { params: z.object({ webhookId: ulidParam('webhookId') }), headers: idempotencyHeaders() },
  responses: { 202: testAccepted, ...errorResponses(401, 403, 404, 409, 429) },
});

export const sendWebhookEndpointTestEvent = createRoute({
  operationId: 'sendWebhookEndpointTestEvent',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}/test',
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: TEST_SUMMARY,
  description: TEST_DESCRIPTION,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ endpointId: ulidParam('endpointId') }),
    headers: idempotencyHeaders(),
  },
  responses: { 202: testAccepted, ...errorResponses(401, 403, 404, 409) },
});
