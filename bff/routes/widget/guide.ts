import type { OpenAPIHono } from '@hono/zod-openapi';
import { getWalkthroughGuide } from '../../../server-core/widget/walkthrough-guide';
import * as guide from '../../contract/widget-guide';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** The walkthrough player's guide: dark (404) while feature.walkthrough.player is off. */
export function registerWidgetGuideRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.walkthrough.player')];
  app.openapi({ ...guide.widgetGetGuide, middleware: guard }, async (c) => {
    const found = await getWalkthroughGuide(requestCtx(c, services), {
      guideId: c.req.valid('param').guideId.toLowerCase(),
      verifiedContactId: c.get('visitor')!.contactId,
    });
    return c.json({ data: guide.walkthroughGuideJson(found) }, 200);
  });
}
