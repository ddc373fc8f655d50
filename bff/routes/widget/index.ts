import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../env';
import { requireJsonBody } from '../../middleware/body';
import { widgetCors } from '../../middleware/cors';
import type { Services } from '../../services';
import { isAttachmentUploadPath, registerWidgetAttachmentRoutes } from './attachments';
import { registerWidgetAutomationRunRoutes } from './automation-runs';
import { registerWidgetBootRoute } from './boot';
import { registerWidgetCampaignRoutes } from './campaigns';
import { registerWidgetConversationRoutes } from './conversations';
import { registerWidgetExperienceDecisionRoutes } from './experience-decision';
import { registerWidgetExperienceSeenRoutes } from './experience-seen';
import { registerWidgetExperienceSessionRoutes } from './experience-sessions';
import { registerWidgetFeedbackRoute } from './feedback';
import { registerWidgetGuideRoute } from './guide';
import { registerWidgetHelpRoutes } from './help';
import { registerWidgetIdentifyRoute } from './identify';
import { registerWidgetInstallRoute } from './install';
import { registerWidgetTrackRoute } from './track';

/** Every endpoint the widget calls, under /widget: CORS-open, JSON bodies, visitor-token auth. */
export function registerWidgetRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.use('/widget/*', widgetCors());
  app.use('/widget/*', requireJsonBody(isAttachmentUploadPath));
  registerWidgetInstallRoute(app, services);
  registerWidgetBootRoute(app, services);
  registerWidgetIdentifyRoute(app, services);
  registerWidgetTrackRoute(app, services);
  registerWidgetHelpRoutes(app, services);
  registerWidgetFeedbackRoute(app, services);
  registerWidgetGuideRoute(app, services);
  registerWidgetExperienceSessionRoutes(app, services);
  registerWidgetExperienceDecisionRoutes(app, services);
  registerWidgetExperienceSeenRoutes(app, services);
  registerWidgetAutomationRunRoutes(app, services);
  registerWidgetAttachmentRoutes(app, services);
  registerWidgetConversationRoutes(app, services);
  registerWidgetCampaignRoutes(app, services);
}
