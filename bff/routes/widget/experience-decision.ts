import type { OpenAPIHono } from '@hono/zod-openapi';
import { decideExperiences } from '../../../server-core/experiences/decision/decide-experiences';
import { reportPageFacts } from '../../../server-core/experiences/decision/report-page-facts';
import * as decision from '../../contract/experience-decision';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';
import { previewedDraft, previewOf } from './preview';

export function registerWidgetExperienceDecisionRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.experiences.core')];
  const deps = { index: services.experienceIndex };

  app.openapi({ ...decision.widgetExperienceDecision, middleware: guard }, async (c) => {
    const visitor = c.get('visitor')!;
    const on = previewOf(c, services);
    const preview = await previewedDraft(c, services, on);
    const answer = await decideExperiences(requestCtx(c, services), deps, {
      visitor: { id: visitor.id, contactId: visitor.contactId },
      url: c.req.valid('query').url,
      preview,
    });
    return c.json(
      { data: decision.decisionJson(answer, preview && on && { ...on, experience: preview }) },
      200,
    );
  });

  app.openapi({ ...decision.widgetReportConditions, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const on = previewOf(c, services);
    const preview = await previewedDraft(c, services, on);
    const answer = await reportPageFacts(requestCtx(c, services), deps, {
      visitor: c.get('visitor')!,
      url: body.url,
      facts: body.facts,
      preview,
    });
    return c.json(
      { data: decision.decisionJson(answer, preview && on && { ...on, experience: preview }) },
      200,
    );
  });
}
