import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { recordAudit } from '../../../server-core/audit/record-audit';
import { listEventTypes } from '../../../server-core/webhooks/catalog';
import { createWebhookEndpoint } from '../../../server-core/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '../../../server-core/webhooks/delete-webhook-endpoint';
import { listWebhookEndpoints } from '../../../server-core/webhooks/list-webhook-endpoints';
import type { AppEnv } from '../../env';
import { cursorPosition, pageOf, pageQuery, toPageBody } from '../../openapi/lists';
import { errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import {
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  endpointJson,
  WebhookEndpointSchema,
  WebhookEventTypeList,
} from '../webhook-schemas';
import { publicCtx } from './public-ctx';

const TAG = 'Public API: webhooks';
const FLAGS = ['feature.api.webhooks'] as const;

export function registerPublicWebhookRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['webhooks:read'], flags: [...FLAGS] });
  const write = publicApi(services, { abilities: ['webhooks:write'], flags: [...FLAGS] });
  const policy = { allowHosts: services.config.unsafeWebhookAllowHosts };

  app.openapi(
    createRoute({
      operationId: 'listWebhookEventTypes',
      method: 'get',
      path: '/api/v1/webhook-event-types',
      tags: [TAG],
      summary: 'List the event types a webhook can subscribe to',
      security: [{ apiKey: [] }],
      middleware: read,
      responses: {
        200: {
          description: 'The event catalog, each entry naming the data fields it carries.',
          content: { 'application/json': { schema: WebhookEventTypeList } },
        },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    (c) => c.json({ data: listEventTypes() }, 200),
  );

  app.openapi(
    createRoute({
      operationId: 'listWebhooks',
      method: 'get',
      path: '/api/v1/webhooks',
      tags: [TAG],
      summary: 'List webhook endpoints (never their secrets)',
      security: [{ apiKey: [] }],
      middleware: read,
      request: { query: z.object(pageQuery()) },
      responses: {
        200: {
          description: 'Endpoints, newest first.',
          content: { 'application/json': { schema: pageOf(WebhookEndpointSchema) } },
        },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid('query');
      const rows = await listWebhookEndpoints(publicCtx(c, services), {
        limit,
        beforeId: cursorPosition(cursor),
      });
      const page = toPageBody(rows, limit);
      return c.json({ meta: page.meta, data: page.data.map(endpointJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'createWebhook',
      method: 'post',
      path: '/api/v1/webhooks',
      tags: [TAG],
      summary: 'Create a webhook endpoint (the signing secret is returned once)',
      description:
        'The URL must be a public http(s) address (checked without DNS now, and against every DNS answer ' +
        'at each attempt). The payload version is pinned now. There is no update on this surface.',
      security: [{ apiKey: [] }],
      middleware: write,
      request: {
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: { required: true, content: { 'application/json': { schema: CreateWebhookEndpointRequest } } },
      },
      responses: {
        201: {
          description: 'Created. Store the secret now: it cannot be shown again.',
          headers: { 'Cache-Control': { schema: { type: 'string' }, description: 'no-store' } },
          content: { 'application/json': { schema: CreatedWebhookEndpoint } },
        },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ctx = publicCtx(c, services);
      const created = await createWebhookEndpoint(ctx, { box: services.box, policy }, body);
      c.header('Cache-Control', 'no-store');
      return c.json({ data: { ...endpointJson(created.endpoint), secret: created.secret } }, 201);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'deleteWebhook',
      method: 'delete',
      path: '/api/v1/webhooks/{webhookId}',
      tags: [TAG],
      summary: 'Delete a webhook endpoint with its subscriptions, deliveries and attempts',
      security: [{ apiKey: [] }],
      middleware: write,
      request: { params: z.object({ webhookId: ulidParam('webhookId') }) },
      responses: {
        204: { description: 'Deleted; pending attempts are dropped.' },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const ctx = publicCtx(c, services);
      const id = c.req.valid('param').webhookId.toLowerCase();
      await ctx.db.tx(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const deleted = await deleteWebhookEndpoint(txCtx, id);
        await recordAudit(txCtx, {
          action: 'webhook_endpoint.deleted',
          targetType: 'webhook_endpoint',
          targetId: id,
          data: { host: new URL(deleted.url).host },
        });
      });
      return c.body(null, 204);
    },
  );
}
