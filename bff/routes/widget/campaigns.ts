import type { OpenAPIHono } from '@hono/zod-openapi';
import { claimCampaign } from '../../../server-core/proactive/claim-campaign';
import { recordCampaignBeacon } from '../../../server-core/proactive/record-campaign-beacon';
import * as proactive from '../../contract/proactive-messages';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** Campaigns in the widget (docs/decisions/proactive.md): the presence report and the analytics beacons. */
export function registerWidgetCampaignRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = requireVisitor(services);

  app.openapi({ ...proactive.widgetReportPresence, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const answer = await claimCampaign(requestCtx(c, services), c.get('visitor')!, {
      triggerJustFired: body.trigger_just_fired === true,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: proactive.presenceJson(answer) }, 200);
  });

  app.openapi({ ...proactive.widgetCampaignBeacon, middleware: guard }, async (c) => {
    await recordCampaignBeacon(requestCtx(c, services), services.rateLimiter, c.get('visitor')!, {
      kind: c.req.valid('json').kind,
      campaignId: c.req.valid('param').campaignId.toLowerCase(),
    });
    return c.body(null, 204);
  });
}
