import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../openapi/schemas';
import { jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * The walkthrough player's location reports (docs/decisions/guide-drift.md): which step, and whether its
 * element was found. Never page content, never a URL.
 */

const GuideLocationRequest = strictObject({
  step_id: Ulid.openapi({ description: 'A step of this guide.' }),
  found: z.boolean().openapi({ description: "True: the step's element was found; false: it could not be." }),
}).openapi('WidgetGuideLocationRequest');

export const widgetReportGuideLocation = createRoute({
  operationId: 'widgetReportGuideLocation',
  method: 'post',
  path: '/widget/guides/{guideId}/locations',
  tags: [WIDGET_TAG],
  summary: "Report whether a guide step's element was found on the page",
  description:
    'The walkthrough player reports every miss (the element could not be located) and a find of each step ' +
    'widgetGetGuide marks drifted. Misses from 3 distinct visitors within 7 days since the step was last ' +
    'found (or the guide published) mark the step drifted, and the guide drifted while any step is ' +
    '(guide.drifted); a find clears the step, and the last one cleared sends guide.drift_cleared. The same ' +
    'guides as widgetGetGuide: 404 while feature.walkthrough.player is off, and for unknown, unpublished, ' +
    'foreign or out-of-audience guides and for a step id that is not one of the guide (the same answer). ' +
    '429 rate_limited above 60 reports a minute per visitor.',
  security: VISITOR_TOKEN,
  request: {
    params: z.object({ guideId: ulidParam('guideId') }),
    body: jsonBody(GuideLocationRequest, { step_id: EXAMPLE_ID.stepId, found: false }),
  },
  responses: {
    204: { description: 'Recorded.' },
    ...errorResponses(401, 404, 415, 422, 429),
  },
});
