import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { recordAudit } from '../../server-core/audit/record-audit';
import { listEventTypes } from '../../server-core/webhooks/catalog';
import {
  type CreateWebhookEndpointInput,
  createWebhookEndpoint,
} from '../../server-core/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '../../server-core/webhooks/delete-webhook-endpoint';
import { listWebhookDeliveries } from '../../server-core/webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '../../server-core/webhooks/list-webhook-endpoints';
import { redeliverWebhookDelivery } from '../../server-core/webhooks/redeliver-webhook-delivery';
import { rotateWebhookEndpointSecret } from '../../server-core/webhooks/rotate-webhook-endpoint-secret';
import { sendWebhookTestEvent } from '../../server-core/webhooks/send-webhook-test-event';
import { updateWebhookEndpoint } from '../../server-core/webhooks/update-webhook-endpoint';
import { cursorPosition, toPageBody } from '../contract/pagination';
import * as deliveries from '../contract/webhook-deliveries';
import * as endpoints from '../contract/webhook-endpoints';
import * as eventTypes from '../contract/webhook-event-types';
import * as rotation from '../contract/webhook-secret-rotation';
import type { AppEnv } from '../env';
import type { Services } from '../services';
import { portalApi, publicApi } from './guards';
import { requestCtx } from './request-ctx';

type Validated<Out extends object> = Context<AppEnv, string, { out: Out }>;

/**
 * The webhook operations, written once and mounted under two guards: the public surface (API key with
 * webhooks:read or webhooks:write, rate limits; no update and no delivery log) and the portal surface
 * (session, CSRF and webhooks.manage). Each surface keeps its own operationIds and paths; the test event
 * is on both (sendWebhookTestEvent, sendWebhookEndpointTestEvent).
 */
export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const flags = ['feature.api.webhooks'] as const;
  const read = publicApi(services, { abilities: ['webhooks:read'], flags: [...flags] });
  const write = publicApi(services, { abilities: ['webhooks:write'], flags: [...flags] });
  const portal = portalApi(services, { permission: 'webhooks.manage', flags: [...flags] });
  const policy = {
    allowHosts: services.config.unsafeWebhookAllowHosts,
    development: services.config.development,
  };

  const listTypes = (c: Context<AppEnv>) => c.json({ data: listEventTypes() }, 200);

  const listEndpoints = async (c: Validated<{ query: { limit: number; cursor?: string } }>) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listWebhookEndpoints(requestCtx(c, services), {
      limit,
      beforeId: cursorPosition(cursor),
    });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(endpoints.endpointJson) }, 200);
  };

  const createEndpoint = async (c: Validated<{ json: CreateWebhookEndpointInput }>) => {
    const ctx = requestCtx(c, services);
    const created = await createWebhookEndpoint(
      ctx,
      { box: services.box, policy, maxEndpoints: services.config.webhookMaxEndpoints },
      c.req.valid('json'),
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ data: endpoints.createdEndpointJson(created) }, 201);
  };

  const sendTestEvent = async (c: Context<AppEnv>, endpointId: string) => {
    const delivery = await sendWebhookTestEvent(requestCtx(c, services), endpointId.toLowerCase());
    return c.json({ data: deliveries.deliveryJson(delivery) }, 202);
  };

  app.openapi({ ...eventTypes.listWebhookEventTypes, middleware: read }, listTypes);
  app.openapi({ ...endpoints.listWebhooks, middleware: read }, listEndpoints);
  app.openapi({ ...endpoints.createWebhook, middleware: write }, createEndpoint);
  app.openapi({ ...endpoints.deleteWebhook, middleware: write }, async (c) => {
    const ctx = requestCtx(c, services);
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
  });
  app.openapi({ ...deliveries.sendWebhookTestEvent, middleware: write }, (c) =>
    sendTestEvent(c, c.req.valid('param').webhookId),
  );

  app.openapi({ ...endpoints.registerWebhookEndpoint, middleware: portal }, createEndpoint);
  app.openapi({ ...endpoints.listWebhookEndpoints, middleware: portal }, listEndpoints);
  app.openapi({ ...endpoints.updateWebhookEndpoint, middleware: portal }, async (c) => {
    const body = c.req.valid('json');
    const ctx = requestCtx(c, services);
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
    return c.json({ data: endpoints.endpointJson(updated) }, 200);
  });
  app.openapi({ ...eventTypes.listPortalWebhookEventTypes, middleware: portal }, listTypes);
  app.openapi({ ...rotation.rotateWebhookEndpointSecret, middleware: portal }, async (c) => {
    const ctx = requestCtx(c, services);
    const endpointId = c.req.valid('param').endpointId.toLowerCase();
    const rotated = await ctx.db.tx(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const result = await rotateWebhookEndpointSecret(txCtx, { box: services.box }, endpointId);
      await recordAudit(txCtx, {
        action: 'webhook_endpoint.secret_rotated',
        targetType: 'webhook_endpoint',
        targetId: endpointId,
        data: { previous_secret_expires_at: result.previous_secret_expires_at.toISOString() },
      });
      return result;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: rotation.rotatedSecretJson(rotated) }, 200);
  });
  app.openapi({ ...deliveries.sendWebhookEndpointTestEvent, middleware: portal }, (c) =>
    sendTestEvent(c, c.req.valid('param').endpointId),
  );
  app.openapi({ ...deliveries.listWebhookDeliveries, middleware: portal }, async (c) => {
    const { limit, cursor, status } = c.req.valid('query');
    const endpointId = c.req.valid('param').endpointId.toLowerCase();
    const rows = await listWebhookDeliveries(requestCtx(c, services), endpointId, {
      limit,
      beforeId: cursorPosition(cursor),
      status,
    });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(deliveries.deliveryJson) }, 200);
  });
  app.openapi({ ...deliveries.redeliverWebhookDelivery, middleware: portal }, async (c) => {
    const ctx = requestCtx(c, services);
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
    return c.json({ data: deliveries.deliveryJson(created) }, 201);
  });
}
