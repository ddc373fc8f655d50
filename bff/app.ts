import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './env';
import { limitBody, requireJsonBody } from './middleware/body';
import {
  errorHandler,
  notFoundHandler,
  type RouteShape,
  toRouteShape,
  validationHook,
} from './middleware/errors';
import { requestId } from './middleware/request-id';
import { registerSecuritySchemes, serveOpenApi } from './openapi/document';
import { registerApiKeyRoutes } from './routes/portal/api-keys';
import { registerAuthRoutes } from './routes/portal/auth';
import { registerWebhookEndpointRoutes } from './routes/portal/webhook-endpoints';
import { registerPortalWidgetRoutes } from './routes/portal/widget';
import { registerContactRoutes } from './routes/public/contacts';
import { registerConversationRoutes } from './routes/public/conversations';
import { registerEventRoutes } from './routes/public/events';
import { registerExperienceRoutes } from './routes/public/experiences';
import { registerRetrievalRoutes } from './routes/public/retrieval';
import { registerPublicWebhookRoutes } from './routes/public/webhooks';
import { registerCdn } from './routes/site/cdn';
import { registerDemoPage } from './routes/site/demo';
import { registerDocsPage } from './routes/site/docs';
import { registerHealth } from './routes/site/health';
import { registerWidgetRoutes } from './routes/widget';
import type { Services } from './services';

/** Request bodies above this answer 413 (uploads will get their own limit). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppOptions {
  /** The built widget to serve under /cdn; omitted when another CDN serves it. */
  widgetDistDir?: string | null;
}

/** The whole HTTP surface, built from its services: no module-level state. */
export function buildApp(services: Services, opts: AppOptions = {}): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  let shapes: RouteShape[] | null = null;

  app.use('*', requestId());
  app.use('*', limitBody(MAX_BODY_BYTES));
  app.use('/api/v1/*', requireJsonBody());
  app.onError(errorHandler(services.logger));
  app.notFound(
    notFoundHandler(() => {
      shapes ??= app.routes.filter((r) => r.method !== 'ALL').map((r) => toRouteShape(r.method, r.path));
      return shapes;
    }),
  );

  registerSecuritySchemes(app);
  registerHealth(app, services);
  registerAuthRoutes(app, services);
  registerApiKeyRoutes(app, services);
  registerPublicWebhookRoutes(app, services);
  registerWebhookEndpointRoutes(app, services);
  registerContactRoutes(app, services);
  registerEventRoutes(app, services);
  registerConversationRoutes(app, services);
  registerExperienceRoutes(app, services);
  registerRetrievalRoutes(app, services);
  registerPortalWidgetRoutes(app, services);
  registerWidgetRoutes(app, services);

  serveOpenApi(app);
  registerDocsPage(app);
  if (opts.widgetDistDir) registerCdn(app, opts.widgetDistDir);
  registerDemoPage(app, services);
  return app;
}
