import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { recordAudit } from '../../../server-core/audit/record-audit';
import { listEventTypes } from '../../../server-core/webhooks/catalog';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { MAX_DESCRIPTION_LENGTH, MAX_EVENTS } from '../../../server-core/webhooks/endpoint-input';
import { listWebhookDeliveries } from '../../../server-core/webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '../../../server-core/webhooks/list-webhook-endpoints';
import { redeliverWebhookDelivery } from '../../../server-core/webhooks/redeliver-webhook-delivery';
import { updateWebhookEndpoint } from '../../../server-core/webhooks/update-webhook-endpoint';
import type { AppEnv } from '../../env';
import { cursorPosition, pageOf, pageQuery, toPageBody } from '../../openapi/lists';
import { errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  DELIVERY_STATUSES,
  deliveryJson,
  endpointJson,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookEventTypeList,
} from '../webhook-schemas';
import { portalCtx } from './portal-ctx';

const TAG = 'Portal: webhooks';
const params = z.object({ workspaceId: ulidParam('workspaceId') });

const UpdateWebhookEndpointRequest = z
  .object({
    url: z.string().max(2048).optional().openapi({ description: 'Checked like at creation.' }),
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
  })
  .openapi('UpdateWebhookEndpointRequest');

export function registerWebhookEndpointRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'webhooks.manage', flags: ['feature.api.webhooks'] });
  const policy = { allowHosts: services.config.unsafeWebhookAllowHosts };

  app.openapi(
    createRoute({
      operationId: 'registerWebhookEndpoint',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints',
      tags: [TAG],
      summary: 'Register a webhook endpoint (the signing secret is returned only here)',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: {
        params,
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: { required: true, content: { 'application/json': { schema: CreateWebhookEndpointRequest } } },
      },
      responses: {
        201: {
          description: 'Registered. There is no operation that reveals the secret again.',
          headers: { 'Cache-Control': { schema: { type: 'string' }, description: 'no-store' } },
          content: { 'application/json': { schema: CreatedWebhookEndpoint } },
        },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ctx = portalCtx(c, services);
      const created = await createWebhookEndpoint(ctx, { box: services.box, policy }, body);
      c.header('Cache-Control', 'no-store');
      return c.json({ data: { ...endpointJson(created.endpoint), secret: created.secret } }, 201);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'listWebhookEndpoints',
      method: 'get',
      path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints',
      tags: [TAG],
      summary: 'List webhook endpoints (never their secrets)',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params, query: z.object(pageQuery()) },
      responses: {
        200: {
          description: 'Endpoints, newest first.',
          content: { 'application/json': { schema: pageOf(WebhookEndpointSchema) } },
        },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid('query');
      const rows = await listWebhookEndpoints(portalCtx(c, services), {
        limit,
        beforeId: cursorPosition(cursor),
      });
      const page = toPageBody(rows, limit);
      return c.json({ meta: page.meta, data: page.data.map(endpointJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'updateWebhookEndpoint',
      method: 'patch',
      path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}',
      tags: [TAG],
      summary: 'Change an endpoint, re-enable or disable it',
      description: 'Omitted fields are left alone. The secret and the payload version never change.',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: {
        params: params.extend({ endpointId: ulidParam('endpointId') }),
        body: { required: true, content: { 'application/json': { schema: UpdateWebhookEndpointRequest } } },
      },
      responses: {
        200: {
          description: 'The endpoint as it is now.',
          content: { 'application/json': { schema: z.object({ data: WebhookEndpointSchema }) } },
        },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ctx = portalCtx(c, services);
      const endpointId = c.req.valid('param').endpointId.toLowerCase();
      const updated = await ctx.db.tx(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const result = await updateWebhookEndpoint(txCtx, { policy }, endpointId, body);
        if (result.changed.length > 0) {
          await recordAudit(txCtx, {
            action: 'webhook_endpoint.updated',
            targetType: 'webhook_endpoint',
            targetId: endpointId,
            data: { changed: result.changed, status: result.endpoint.status },
          });
        }
        return result.endpoint;
      });
      return c.json({ data: endpointJson(updated) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'listPortalWebhookEventTypes',
      method: 'get',
      path: '/api/v1/workspaces/{workspaceId}/webhook-event-types',
      tags: [TAG],
      summary: 'List the event types a webhook can subscribe to',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params },
      responses: {
        200: {
          description: 'The event catalog, each entry naming the data fields it carries.',
          content: { 'application/json': { schema: WebhookEventTypeList } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    (c) => c.json({ data: listEventTypes() }, 200),
  );

  app.openapi(
    createRoute({
      operationId: 'listWebhookDeliveries',
      method: 'get',
      path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}/deliveries',
      tags: [TAG],
      summary: "An endpoint's delivery log with every attempt",
      security: [{ portalSession: [] }],
      middleware: guard,
      request: {
        params: params.extend({ endpointId: ulidParam('endpointId') }),
        query: z.object({
          ...pageQuery(),
          status: z
            .enum(DELIVERY_STATUSES)
            .optional()
            .openapi({ description: 'Only deliveries in this state.' }),
        }),
      },
      responses: {
        200: {
          description:
            'Deliveries newest first; attempts oldest first with time, duration, status code or error.',
          content: { 'application/json': { schema: pageOf(WebhookDeliverySchema) } },
        },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { limit, cursor, status } = c.req.valid('query');
      const rows = await listWebhookDeliveries(
        portalCtx(c, services),
        c.req.valid('param').endpointId.toLowerCase(),
        { limit, beforeId: cursorPosition(cursor), status },
      );
      const page = toPageBody(rows, limit);
      return c.json({ meta: page.meta, data: page.data.map(deliveryJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'redeliverWebhookDelivery',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/webhook-deliveries/{deliveryId}/redeliver',
      tags: [TAG],
      summary: 'Send a delivery again as a new delivery',
      description:
        "The new delivery carries the original's exact bytes and Idempotency-Key, signed afresh, with five " +
        'attempts of its own; the original keeps its status and attempts. 409 `endpoint_disabled` while the ' +
        'endpoint is disabled, 409 `delivery_in_progress` while the original still has attempts to come.',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: {
        params: params.extend({ deliveryId: ulidParam('deliveryId') }),
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
      },
      responses: {
        201: {
          description: 'The new delivery; its first attempt is due now.',
          content: { 'application/json': { schema: z.object({ data: WebhookDeliverySchema }) } },
        },
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const ctx = portalCtx(c, services);
      const deliveryId = c.req.valid('param').deliveryId.toLowerCase();
      const created = await ctx.db.tx(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const delivery = await redeliverWebhookDelivery(txCtx, deliveryId);
        await recordAudit(txCtx, {
          action: 'webhook_delivery.redelivered',
          targetType: 'webhook_delivery',
          targetId: delivery.id,
          data: { original_delivery_id: deliveryId, endpoint_id: delivery.endpoint_id },
        });
        return delivery;
      });
      return c.json({ data: deliveryJson(created) }, 201);
    },
  );
}
