import type { OpenAPIHono } from '@hono/zod-openapi';
import { createGuide } from '../../../server-core/content/create-guide';
import { publishGuide, unpublishGuide } from '../../../server-core/content/publish-guide';
import { updateGuide } from '../../../server-core/content/update-guide';
import * as guides from '../../contract/guides';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerGuideRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });
  const deps = { embedder: services.embedder };

  app.openapi({ ...guides.createGuide, middleware: guard }, async (c) => {
    const guide = await createGuide(requestCtx(c, services), c.req.valid('json'));
    return c.json({ data: guides.guideJson(guide) }, 201);
  });

  app.openapi({ ...guides.updateGuide, middleware: guard }, async (c) => {
    const id = c.req.valid('param').guideId.toLowerCase();
    const guide = await updateGuide(requestCtx(c, services), id, c.req.valid('json'), deps);
    return c.json({ data: guides.guideJson(guide) }, 200);
  });

  app.openapi({ ...guides.publishGuide, middleware: guard }, async (c) => {
    const id = c.req.valid('param').guideId.toLowerCase();
    const { guide } = await publishGuide(requestCtx(c, services), id, deps);
    return c.json({ data: guides.guideJson(guide) }, 200);
  });

  app.openapi({ ...guides.unpublishGuide, middleware: guard }, async (c) => {
    const id = c.req.valid('param').guideId.toLowerCase();
    const { guide } = await unpublishGuide(requestCtx(c, services), id);
    return c.json({ data: guides.guideJson(guide) }, 200);
  });
}
