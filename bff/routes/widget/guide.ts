import type { OpenAPIHono } from '@hono/zod-openapi';
import { reportGuideLocation } from '../../../server-core/guides-drift/report-guide-location';
import { getWalkthroughGuide } from '../../../server-core/widget/walkthrough-guide';
import * as guide from '../../contract/widget-guide';
import * as locations from '../../contract/widget-guide-locations';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** The walkthrough player's guide and its location reports: dark (404) while feature.walkthrough.player is off. */
export function registerWidgetGuideRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.walkthrough.player')];
  app.openapi({ ...guide.widgetGetGuide, middleware: guard }, async (c) => {
    const found = await getWalkthroughGuide(requestCtx(c, services), {
      guideId: c.req.valid('param').guideId.toLowerCase(),
      verifiedContactId: c.get('visitor')!.contactId,
    });
    return c.json({ data: guide.walkthroughGuideJson(found) }, 200);
  });

  app.openapi({ ...locations.widgetReportGuideLocation, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    await reportGuideLocation(requestCtx(c, services), services.rateLimiter, c.get('visitor')!, {
      guideId: c.req.valid('param').guideId.toLowerCase(),
      stepId: body.step_id.toLowerCase(),
      found: body.found,
    });
    return c.body(null, 204);
  });
}
