import type { OpenAPIHono } from '@hono/zod-openapi';
import { answerSurvey } from '../../../server-core/experiences/answer-survey';
import { previewAnswer, previewSeen } from '../../../server-core/experiences/preview/preview-writes';
import { recordBeacon } from '../../../server-core/experiences/record-beacon';
import { recordSeen } from '../../../server-core/experiences/record-seen';
import { storeVisitor } from '../../../server-core/widget/visitors';
import * as seen from '../../contract/widget-experience-seen';
import * as answers from '../../contract/widget-survey-answers';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';
import { previewWriteTarget } from './preview';

/** Seen markers, survey answers and analytics beacons from the widget (docs/decisions/experiences.md, Part 2). */
export function registerWidgetExperienceSeenRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.experiences.core')];

  app.openapi({ ...seen.widgetRecordSeen, middleware: guard }, async (c) => {
    const visitor = c.get('visitor')!;
    const body = c.req.valid('json');
    const experienceId = c.req.valid('param').experienceId.toLowerCase();
    const preview = await previewWriteTarget(c, services, body.version_id.toLowerCase());
    if (preview && experienceId === preview.id) {
      return c.json(
        { data: seen.seenJson(previewSeen(preview, services.clock.now(), body.dismissed === true)) },
        200,
      );
    }
    const marker = await recordSeen(
      requestCtx(c, services),
      { visitorId: visitor.id, contactId: visitor.contactId },
      {
        experienceId,
        versionId: body.version_id.toLowerCase(),
        url: body.url,
        dismissed: body.dismissed,
      },
      (tx) => storeVisitor(tx, visitor), // a seen marker is a write: the visitor is stored with it
    );
    return c.json({ data: seen.seenJson(marker) }, 200);
  });

  app.openapi({ ...answers.widgetAnswerSurvey, middleware: guard }, async (c) => {
    const visitor = c.get('visitor')!;
    const p = c.req.valid('param');
    const body = c.req.valid('json');
    const preview = await previewWriteTarget(c, services, p.versionId.toLowerCase());
    if (preview && p.sessionId.toLowerCase() === preview.id) {
      return c.json({ data: answers.answerJson(previewAnswer(preview, body.question_id, body.value)) }, 200);
    }
    const answer = await answerSurvey(
      requestCtx(c, services),
      { visitorId: visitor.id, contactId: visitor.contactId },
      {
        versionId: p.versionId.toLowerCase(),
        sessionId: p.sessionId.toLowerCase(),
        questionId: body.question_id,
        value: body.value,
      },
    );
    return c.json({ data: answers.answerJson(answer) }, 200);
  });

  app.openapi({ ...seen.widgetBeacon, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    // A preview's beacons are dropped like its other writes.
    const preview = await previewWriteTarget(c, services, body.version_id.toLowerCase());
    if (preview && body.experience_id.toLowerCase() === preview.id) return c.body(null, 202);
    await recordBeacon(requestCtx(c, services), services.rateLimiter, c.get('visitor')!.id, {
      kind: body.kind,
      experienceId: body.experience_id.toLowerCase(),
      versionId: body.version_id.toLowerCase(),
    });
    return c.body(null, 202);
  });
}
