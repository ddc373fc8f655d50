import type { OpenAPIHono } from '@hono/zod-openapi';
import { closeAutomationRun } from '../../../server-core/automation/close-automation-run';
import { openAutomationRun } from '../../../server-core/automation/open-automation-run';
import { recordAutomationStep } from '../../../server-core/automation/record-automation-step';
import * as runs from '../../contract/widget-automation-runs';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** Automation runs: dark (404) while feature.automation.execute is off; the rails are server-core's. */
export function registerWidgetAutomationRunRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.automation.execute')];

  app.openapi({ ...runs.widgetOpenAutomationRun, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const run = await openAutomationRun(requestCtx(c, services), services.rateLimiter, c.get('visitor')!, {
      guideId: body.guide_id.toLowerCase(),
      url: body.url,
      page: body.page,
    });
    return c.json({ data: runs.openedRunJson(run) }, 201);
  });

  app.openapi({ ...runs.widgetRecordAutomationStep, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const step = await recordAutomationStep(
      requestCtx(c, services),
      services.rateLimiter,
      c.get('visitor')!,
      {
        runId: c.req.valid('param').runId.toLowerCase(),
        stepId: body.step_id.toLowerCase(),
        action: body.action,
        url: body.url,
        page: body.page,
      },
    );
    return c.json({ data: runs.stepRecordJson(step) }, 201);
  });

  app.openapi({ ...runs.widgetCloseAutomationRun, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const run = await closeAutomationRun(requestCtx(c, services), services.rateLimiter, c.get('visitor')!, {
      runId: c.req.valid('param').runId.toLowerCase(),
      state: body.state,
      reason: body.reason,
    });
    return c.json({ data: runs.closedRunJson(run) }, 200);
  });
}
