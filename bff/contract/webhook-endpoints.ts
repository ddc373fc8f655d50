import { createRoute, z } from '@hono/zod-openapi';
import { MAX_DESCRIPTION_LENGTH, MAX_EVENTS } from '../../server-core/webhooks/endpoint-input';
import type { WebhookEndpoint } from '../../server-core/webhooks/endpoint-record';
import { MAX_URL_LENGTH } from '../../server-core/webhooks/url-guard';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { API_KEY, idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/**
 * Webhook endpoints, on two surfaces with one shape: the public API (/api/v1/webhooks, API key with
 * webhooks:read or webhooks:write; no update) and the portal (/api/v1/workspaces/{workspaceId}/
 * webhook-endpoints, session with webhooks.manage). The handlers are shared too (bff/routes/webhooks.ts).
 */

export const PUBLIC_WEBHOOKS_TAG = 'Public API: webhooks';
export const PORTAL_WEBHOOKS_TAG = 'Portal: webhooks';

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

export const exampleEndpoint: z.output<typeof WebhookEndpointSchema> = {
  id: EXAMPLE_ID.endpointId,
  url: 'https://hooks.example.com/support',
  description: 'CRM sync',
  events: ['contact.created', 'conversation.created'],
  status: 'enabled',
  payload_version: '2026-10-09',
  consecutive_failures: 0,
  disabled_at: null,
  disabled_reason: null,
  last_success_at: null,
  created_at: EXAMPLE_TIME,
};

export function endpointJson(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    events: e.events,
    status: e.status,
    payload_version: e.payload_version,
    consecutive_failures: e.consecutive_failures,
    disabled_at: iso(e.disabled_at),
    disabled_reason: e.disabled_reason,
    last_success_at: iso(e.last_success_at),
    created_at: e.created_at.toISOString(),
  };
}

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

/** A created endpoint with its signing secret, the one time it is shown. */
export function createdEndpointJson(created: { endpoint: WebhookEndpoint; secret: string }) {
  return { ...endpointJson(created.endpoint), secret: created.secret };
}

export const CreateWebhookEndpointRequest = strictObject({
  url: z
    .string()
    .max(MAX_URL_LENGTH)
    .openapi({
      description:
        'A public http(s) URL. Refused with 422 webhook_url_not_allowed: other schemes, user info, port 0, loopback, ' +
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
}).openapi('CreateWebhookEndpointRequest');

const UpdateWebhookEndpointRequest = strictObject({
  url: z.string().max(MAX_URL_LENGTH).optional().openapi({ description: 'Checked like at creation.' }),
  description: z.string().max(MAX_DESCRIPTION_LENGTH).nullable().optional(),
  events: z
    .array(z.string())
    .min(1)
    .max(MAX_EVENTS)
    .optional()
    .openapi({ description: 'Replaces the subscriptions; catalog names only.' }),
  status: z
    .enum(['enabled', 'disabled'])
    .optional()
    .openapi({
      description:
        '`enabled` re-enables a disabled endpoint and clears its failure counter (events fired while it was ' +
        'disabled are not sent); `disabled` stops deliveries and cancels pending ones.',
    }),
}).openapi('UpdateWebhookEndpointRequest');

/** What both surfaces share: the list page, the create request and the shape of its 201. */
const LIST_SUMMARY = 'List webhook endpoints (never their secrets)';
const endpointPage = {
  description: 'Endpoints, newest first.',
  content: json(pageOf(WebhookEndpointSchema), {
    meta: { next_cursor: null },
    data: [{ ...exampleEndpoint, last_success_at: EXAMPLE_LATER }],
  }),
};
const createBody = jsonBody(CreateWebhookEndpointRequest, {
  url: 'https://hooks.example.com/support',
  description: 'CRM sync',
  events: ['contact.created', 'conversation.created'],
});
const created = (description: string) => ({
  description,
  headers: NO_STORE,
  content: json(CreatedWebhookEndpoint, {
    data: { ...exampleEndpoint, secret: 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG' },
  }),
});
const PORTAL_ENDPOINTS = '/api/v1/workspaces/{workspaceId}/webhook-endpoints';

// ---- the public surface ----

export const listWebhooks = createRoute({
  operationId: 'listWebhooks',
  method: 'get',
  path: '/api/v1/webhooks',
  tags: [PUBLIC_WEBHOOKS_TAG],
  summary: LIST_SUMMARY,
  security: API_KEY,
  request: { query: strictObject(pageQuery()) },
  responses: { 200: endpointPage, ...errorResponses(401, 403, 404, 422, 429) },
});

export const createWebhook = createRoute({
  operationId: 'createWebhook',
  method: 'post',
  path: '/api/v1/webhooks',
  tags: [PUBLIC_WEBHOOKS_TAG],
  summary: 'Create a webhook endpoint (the signing secret is returned once)',
  description:
    'The URL must be a public http(s) address (checked without DNS now, and against every DNS answer ' +
    'at each attempt). The payload version is pinned now. A workspace has at most 20 endpoints (the operator ' +
    'sets WEBHOOK_MAX_ENDPOINTS): one more is 422 webhook_endpoint_limit_reached. There is no update on this surface.',
  security: API_KEY,
  request: { headers: idempotencyHeaders(), body: createBody },
  responses: {
    201: created('Created. Store the secret now: it cannot be shown again.'),
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const deleteWebhook = createRoute({
  operationId: 'deleteWebhook',
  method: 'delete',
  path: '/api/v1/webhooks/{webhookId}',
  tags: [PUBLIC_WEBHOOKS_TAG],
  summary: 'Delete a webhook endpoint with its subscriptions, deliveries and attempts',
  security: API_KEY,
  request: { params: z.object({ webhookId: ulidParam('webhookId') }) },
  responses: {
    204: { description: 'Deleted; pending attempts are dropped.' },
    ...errorResponses(401, 403, 404, 429),
  },
});

// ---- the portal surface ----

export const registerWebhookEndpoint = createRoute({
  operationId: 'registerWebhookEndpoint',
  method: 'post',
  path: PORTAL_ENDPOINTS,
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: 'Register a webhook endpoint (the signing secret is returned only here)',
  description:
    'A workspace has at most 20 endpoints (the operator sets WEBHOOK_MAX_ENDPOINTS): one more is 422 ' +
    'webhook_endpoint_limit_reached.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, headers: idempotencyHeaders(), body: createBody },
  responses: {
    201: created('Registered. There is no operation that reveals the secret again.'),
    ...errorResponses(401, 403, 404, 422),
  },
});

export const listWebhookEndpoints = createRoute({
  operationId: 'listWebhookEndpoints',
  method: 'get',
  path: PORTAL_ENDPOINTS,
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: LIST_SUMMARY,
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: { 200: endpointPage, ...errorResponses(401, 403, 404, 422) },
});

export const updateWebhookEndpoint = createRoute({
  operationId: 'updateWebhookEndpoint',
  method: 'patch',
  path: `${PORTAL_ENDPOINTS}/{endpointId}`,
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: 'Change an endpoint, re-enable or disable it',
  description: 'Omitted fields are left alone. The secret and the payload version never change.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ endpointId: ulidParam('endpointId') }),
    body: jsonBody(UpdateWebhookEndpointRequest, {
      events: ['contact.created', 'conversation.created', 'conversation.resolved'],
    }),
  },
  responses: {
    200: {
      description: 'The endpoint as it is now.',
      content: json(z.object({ data: WebhookEndpointSchema }), {
        data: {
          ...exampleEndpoint,
          events: ['contact.created', 'conversation.created', 'conversation.resolved'],
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
