import { createRoute, z } from '@hono/zod-openapi';
import { listEventTypes } from '../../server-core/webhooks/catalog';
import { errorResponses } from '../openapi/schemas';
import { json } from './common';
import { API_KEY, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { PORTAL_WEBHOOKS_TAG, PUBLIC_WEBHOOKS_TAG } from './webhook-endpoints';

/** The catalog of event types a webhook can subscribe to, on the public and the portal surface. */

export const WebhookEventType = z
  .object({
    name: z.string().openapi({ example: 'contact.created' }),
    description: z.string(),
  })
  .openapi('WebhookEventType');

export const WebhookEventTypeList = z
  .object({ data: z.array(WebhookEventType) })
  .openapi('WebhookEventTypeList');

const SUMMARY = 'List the event types a webhook can subscribe to';
const catalog = {
  description: 'The event catalog, each entry naming the data fields it carries.',
  // The first entries of the real catalog (the answer lists them all).
  content: json(WebhookEventTypeList, { data: listEventTypes().slice(0, 2) }),
};

export const listWebhookEventTypes = createRoute({
  operationId: 'listWebhookEventTypes',
  method: 'get',
  path: '/api/v1/webhook-event-types',
  tags: [PUBLIC_WEBHOOKS_TAG],
  summary: SUMMARY,
  security: API_KEY,
  responses: { 200: catalog, ...errorResponses(401, 403, 404, 429) },
});

export const listPortalWebhookEventTypes = createRoute({
  operationId: 'listPortalWebhookEventTypes',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/webhook-event-types',
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: SUMMARY,
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: { 200: catalog, ...errorResponses(401, 403, 404) },
});
