import type { OpenAPIHono } from '@hono/zod-openapi';
import { moveProgramItem } from '../../../server-core/experiences/move-program-item';
import { openSession } from '../../../server-core/experiences/open-session';
import { getPreviewTour } from '../../../server-core/experiences/preview/preview-tour';
import { previewItemMove, previewSession } from '../../../server-core/experiences/preview/preview-writes';
import type { Person } from '../../../server-core/experiences/session';
import { updateSession } from '../../../server-core/experiences/update-session';
import { getWidgetTour } from '../../../server-core/experiences/widget-tour';
import { storeVisitor, type Visitor } from '../../../server-core/widget/visitors';
import * as sessions from '../../contract/widget-experience-sessions';
import type { AppEnv } from '../../env';
import { requireFlag } from '../../middleware/flags';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';
import { previewOf, previewWriteTarget } from './preview';

const personOf = (v: Visitor): Person => ({ visitorId: v.id, contactId: v.contactId });

export function registerWidgetExperienceSessionRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services), requireFlag(services, 'feature.experiences.core')];

  app.openapi({ ...sessions.widgetGetTour, middleware: guard }, async (c) => {
    // The tour previewed in this tab: its draft (preview/preview-tour.ts), whatever version is asked for.
    const id = c.req.valid('param').experienceId.toLowerCase();
    if (previewOf(c, services)?.experienceId === id) {
      return c.json({ data: sessions.tourJson(await getPreviewTour(requestCtx(c, services), id)) }, 200);
    }
    const tour = await getWidgetTour(
      requestCtx(c, services),
      personOf(c.get('visitor')!),
      c.req.valid('param').experienceId.toLowerCase(),
      c.req.valid('query').version_id?.toLowerCase(),
    );
    return c.json({ data: sessions.tourJson(tour) }, 200);
  });

  app.openapi({ ...sessions.widgetOpenSession, middleware: guard }, async (c) => {
    const visitor = c.get('visitor')!;
    const body = c.req.valid('json');
    const versionId = c.req.valid('param').versionId.toLowerCase();
    const preview = await previewWriteTarget(c, services, versionId);
    if (preview) {
      const s = previewSession(preview, services.clock.now(), body.trigger ?? 'start');
      return c.json({ data: sessions.sessionJson(s) }, 201);
    }
    const { session, created } = await openSession(
      requestCtx(c, services),
      personOf(visitor),
      { versionId, url: body.url, trigger: body.trigger },
      (tx) => storeVisitor(tx, visitor), // a session is a write: the visitor is stored with it
    );
    return created
      ? c.json({ data: sessions.sessionJson(session) }, 201)
      : c.json({ data: sessions.sessionJson(session) }, 200);
  });

  app.openapi({ ...sessions.widgetUpdateSession, middleware: guard }, async (c) => {
    const p = c.req.valid('param');
    const body = c.req.valid('json');
    const preview = await previewWriteTarget(c, services, p.versionId.toLowerCase());
    if (preview && p.sessionId.toLowerCase() === preview.id) {
      const change = { url: body.url, stepId: body.step_id, end: body.end, feedback: body.feedback };
      return c.json(
        { data: sessions.sessionJson(previewSession(preview, services.clock.now(), 'start', change)) },
        200,
      );
    }
    const session = await updateSession(requestCtx(c, services), personOf(c.get('visitor')!), {
      versionId: p.versionId.toLowerCase(),
      sessionId: p.sessionId.toLowerCase(),
      url: body.url,
      stepId: body.step_id,
      end: body.end,
      feedback: body.feedback,
    });
    return c.json({ data: sessions.sessionJson(session) }, 200);
  });

  app.openapi({ ...sessions.widgetMoveProgramItem, middleware: guard }, async (c) => {
    const p = c.req.valid('param');
    const preview = await previewWriteTarget(c, services, p.versionId.toLowerCase());
    if (preview && p.sessionId.toLowerCase() === preview.id) {
      return c.json(
        { data: sessions.itemMoveJson(previewItemMove(preview, p.itemId, c.req.valid('json').state)) },
        200,
      );
    }
    const moved = await moveProgramItem(requestCtx(c, services), personOf(c.get('visitor')!), {
      versionId: p.versionId.toLowerCase(),
      sessionId: p.sessionId.toLowerCase(),
      itemId: p.itemId,
      state: c.req.valid('json').state,
    });
    return c.json({ data: sessions.itemMoveJson(moved) }, 200);
  });
}
