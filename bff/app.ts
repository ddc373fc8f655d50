import { OpenAPIHono } from '@hono/zod-openapi';
import { unstorableEvent } from '../server-core/events/ingest-contact-events';
import * as events from './contract/events';
import type { AppEnv } from './env';
import { helpCenterSite } from './help-center-site/site';
import { limitBody, requireJsonBody } from './middleware/body';
import {
  errorHandler,
  notFoundHandler,
  type RouteShape,
  toRouteShape,
  validationHook,
} from './middleware/errors';
import { requestId } from './middleware/request-id';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { refuseUnstorable } from './middleware/storable';
import { registerSecuritySchemes, serveOpenApi } from './openapi/document';
import { registerHelpCenterRoutes } from './routes/help-center';
import { isInboundMailPath, registerInboundMailRoutes } from './routes/inbound-mail';
import { registerMailLinkRoutes } from './routes/mail-links';
import { registerOAuthAuthorizeRoutes } from './routes/oauth/authorize';
import { registerOAuthTokenRoutes } from './routes/oauth/token';
import { registerApiKeyRoutes } from './routes/portal/api-keys';
import { registerArticleRoutes } from './routes/portal/articles';
import { registerPortalAttachmentRoutes } from './routes/portal/attachments';
import { registerAuthRoutes } from './routes/portal/auth';
import { registerContactEventNameRoutes } from './routes/portal/contact-event-names';
import { registerContentLibraryRoutes } from './routes/portal/content-library';
import { isUploadPath, registerContentSourceRoutes } from './routes/portal/content-sources';
import { registerPortalConversationRoutes } from './routes/portal/conversations';
import { registerDataExportRoutes } from './routes/portal/data-exports';
import { registerPortalExperienceRoutes } from './routes/portal/experiences';
import { registerGuideRoutes } from './routes/portal/guides';
import { registerHelpCenterSigningRoutes } from './routes/portal/help-center-signing';
import { registerPortalInsightRoutes } from './routes/portal/insights';
import { registerMemberRoutes } from './routes/portal/members';
import { registerOAuthAppRoutes } from './routes/portal/oauth-apps';
import { registerProactiveMessageRoutes } from './routes/portal/proactive-messages';
import { registerSamlConnectionRoutes } from './routes/portal/saml-connection';
import { registerScimSettingsRoutes } from './routes/portal/scim-settings';
import { registerVerifiedDomainRoutes } from './routes/portal/verified-domains';
import { registerPortalWidgetRoutes } from './routes/portal/widget';
import { registerContactRoutes } from './routes/public/contacts';
import { registerPublicContentRoutes } from './routes/public/content';
import { registerConversationRoutes } from './routes/public/conversations';
import { registerEventRoutes } from './routes/public/events';
import { registerExperienceRoutes } from './routes/public/experiences';
import { registerRetrievalRoutes } from './routes/public/retrieval';
import { isSamlFormPath, registerSamlRoutes } from './routes/saml';
import { registerScimRoutes } from './routes/scim';
import { scimErrorShape } from './routes/scim/scim-guard';
import { registerCdn } from './routes/site/cdn';
import { registerConsole } from './routes/site/console';
import { registerDemoPage } from './routes/site/demo';
import { registerDevInbox } from './routes/site/dev-inbox';
import { registerDocsPage } from './routes/site/docs';
import { registerFavicon } from './routes/site/favicon';
import { registerHealth } from './routes/site/health';
import { registerWebhookRoutes } from './routes/webhooks';
import { registerWidgetRoutes } from './routes/widget';
import { isAttachmentUploadPath } from './routes/widget/attachments';
import type { Services } from './services';

/** The multipart routes: each sets its own body limit; the JSON rules skip them. */
const isMultipartPath = (path: string) => isUploadPath(path) || isAttachmentUploadPath(path);
/** Bodies that carry their own cap (uploads, raw inbound mail). */
const hasOwnBodyLimit = (path: string) => isMultipartPath(path) || isInboundMailPath(path);

/** Request bodies above this answer 413 (uploads have their own limit, set on their route). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppOptions {
  /** The built widget to serve under /cdn; omitted when another CDN serves it. */
  widgetDistDir?: string | null;
  /** The built staff console (dist/console) to serve under /app; omitted when it is not built. */
  consoleDistDir?: string | null;
}

/** The whole HTTP surface, built from its services: no module-level state. */
export function buildApp(services: Services, opts: AppOptions = {}): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  let shapes: RouteShape[] | null = null;

  app.use('*', requestId());
  app.use('*', requestLog(services.logger));
  // Every error under /scim answers the RFC 7644 shape, the edge's own refusals included.
  app.use('/scim/*', scimErrorShape);
  app.use('*', securityHeaders({ hsts: services.config.publicUrl.startsWith('https:') }));
  // The SAML forms cap their own bodies: an oversized response is refused like any other (the same 403).
  app.use(
    '*',
    limitBody(MAX_BODY_BYTES, (p) => hasOwnBodyLimit(p) || isSamlFormPath(p)),
  );
  app.use('/api/v1/*', requireJsonBody(isUploadPath));
  app.use(
    '*',
    refuseUnstorable({
      skipBody: hasOwnBodyLimit,
      batches: { [events.ingestContactEvents.path]: { field: 'events', refuse: unstorableEvent } },
    }),
  );
  // On a help-center host every page outside /api is the hosted help center (the tenant from Host alone).
  app.use('*', helpCenterSite(services));
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
  registerMemberRoutes(app, services);
  registerApiKeyRoutes(app, services);
  registerOAuthAppRoutes(app, services);
  registerDataExportRoutes(app, services);
  registerOAuthAuthorizeRoutes(app, services);
  registerOAuthTokenRoutes(app, services);
  registerScimRoutes(app, services);
  registerScimSettingsRoutes(app, services);
  registerSamlRoutes(app, services);
  registerSamlConnectionRoutes(app, services);
  registerWebhookRoutes(app, services);
  registerContactRoutes(app, services);
  registerEventRoutes(app, services);
  registerContactEventNameRoutes(app, services);
  registerConversationRoutes(app, services);
  registerExperienceRoutes(app, services);
  registerRetrievalRoutes(app, services);
  registerHelpCenterRoutes(app, services);
  registerPortalWidgetRoutes(app, services);
  registerHelpCenterSigningRoutes(app, services);
  registerVerifiedDomainRoutes(app, services);
  registerProactiveMessageRoutes(app, services);
  registerMailLinkRoutes(app, services);
  registerInboundMailRoutes(app, services);
  registerArticleRoutes(app, services);
  registerGuideRoutes(app, services);
  registerPortalExperienceRoutes(app, services);
  registerPortalAttachmentRoutes(app, services);
  registerContentSourceRoutes(app, services);
  registerContentLibraryRoutes(app, services);
  registerPortalInsightRoutes(app, services);
  registerPortalConversationRoutes(app, services);
  registerPublicContentRoutes(app, services);
  registerWidgetRoutes(app, services);

  serveOpenApi(app);
  registerDocsPage(app, services);
  if (opts.widgetDistDir) registerCdn(app, opts.widgetDistDir);
  if (opts.consoleDistDir) registerConsole(app, opts.consoleDistDir);
  registerDemoPage(app, services);
  registerDevInbox(app, services);
  registerFavicon(app);
  return app;
}
