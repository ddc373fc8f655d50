import { z } from '@hono/zod-openapi';
import type { DeliveryStatus, WebhookDelivery } from '../../server-core/webhooks/delivery-record';
import { MAX_DESCRIPTION_LENGTH, MAX_EVENTS } from '../../server-core/webhooks/endpoint-input';
import type { WebhookEndpoint } from '../../server-core/webhooks/endpoint-record';
import { DateTime, Ulid } from '../openapi/schemas';

/** Schemas and serializers shared by the public webhook operations and the portal ones. */

export const WebhookEventType = z
  .object({
    name: z.string().openapi({ example: 'contact.created' }),
    description: z.string(),
  })
  .openapi('WebhookEventType');

export const WebhookEventTypeList = z
  .object({ data: z.array(WebhookEventType) })
  .openapi('WebhookEventTypeList');

export const WebhookEndpointSchema = z
  .object({
    id: Ulid,
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).openapi({ description: 'Subscribed event types, sorted.' }),
    status: z.enum(['enabled', 'disabled']),
    payload_version: z.string().openapi({
      description: 'The envelope version (api_version) pinned when the endpoint was created.',
      example: '2026-10-09',
    }),
    consecutive_failures: z.number().int().openapi({
      description:
        'Deliveries that exhausted all five attempts since the last success; 10 disables the endpoint.',
    }),
    disabled_at: DateTime.nullable(),
    disabled_reason: z
      .string()
      .nullable()
      .openapi({ description: 'The last error when disabled automatically.' }),
    last_success_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .openapi('WebhookEndpoint');

export const CreatedWebhookEndpoint = z
  .object({
    data: WebhookEndpointSchema.extend({
      secret: z.string().openapi({
        description:
          'The signing secret, shown in this response only: `whsec_` followed by 43 base64url characters ' +
          '(256 bits). Use the whole string as the HMAC-SHA256 key.',
        example: 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
      }),
    }),
  })
  .openapi('CreatedWebhookEndpoint');

export const CreateWebhookEndpointRequest = z
  .object({
    url: z
      .string()
      .max(2048)
      .openapi({
        description:
          'A public http(s) URL. Refused with 422 webhook_url_not_allowed: other schemes, user info, loopback, ' +
          'private, link-local, CGNAT, multicast, reserved and IPv4-mapped addresses, IPv4 written in ' +
          'decimal/octal/hex, cloud metadata names and local suffixes (localhost, .local, .internal, ...).',
        example: 'https://hooks.example.com/support',
      }),
    description: z.string().max(MAX_DESCRIPTION_LENGTH).nullable().optional(),
    events: z
      .array(z.string())
      .min(1)
      .max(MAX_EVENTS)
      .openapi({ description: 'Event types from the catalog; another name answers 422 unknown_event_type.' }),
  })
  .openapi('CreateWebhookEndpointRequest');

export function endpointJson(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    status: e.status,
    payload_version: e.payload_version,
    consecutive_failures: e.consecutive_failures,
    disabled_at: e.disabled_at?.toISOString() ?? null,
    disabled_reason: e.disabled_reason,
    last_success_at: e.last_success_at?.toISOString() ?? null,
    created_at: e.created_at.toISOString(),
  };
}

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
    error: z.string().nullable().openapi({ description: 'Why the attempt failed, for humans.' }),
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
    attempt_count: z.number().int(),
    next_attempt_at: DateTime.nullable(),
    redelivery_of: Ulid.nullable(),
    created_at: DateTime,
    completed_at: DateTime.nullable(),
    attempts: z.array(WebhookAttemptSchema),
  })
  .openapi('WebhookDelivery');

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
    next_attempt_at: d.next_attempt_at?.toISOString() ?? null,
    redelivery_of: d.redelivery_of,
    created_at: d.created_at.toISOString(),
    completed_at: d.completed_at?.toISOString() ?? null,
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
