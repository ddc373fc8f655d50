import type { OpenAPIHono } from '@hono/zod-openapi';
import { createExperience } from '../../../server-core/experiences/create-experience';
import { createExperiencePreview } from '../../../server-core/experiences/preview/create-experience-preview';
import { publishExperience } from '../../../server-core/experiences/publish-experience';
import {
  archiveExperience,
  unpublishExperience,
} from '../../../server-core/experiences/unpublish-experience';
import { updateExperience } from '../../../server-core/experiences/update-experience';
import {
  getWorkspaceExperience,
  listWorkspaceExperiences,
} from '../../../server-core/experiences/workspace-experiences';
import { asInput, parseDraft } from '../../contract/experience-definitions';
import * as preview from '../../contract/experience-preview';
import * as experiences from '../../contract/experiences-portal';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerPortalExperienceRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, {
    permission: 'experiences.manage',
    flags: ['feature.experiences.core'],
  });
  const idOf = (c: { req: { valid(t: 'param'): { experienceId: string } } }) =>
    c.req.valid('param').experienceId.toLowerCase();

  app.openapi({ ...experiences.createExperience, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const e = await createExperience(requestCtx(c, services), {
      type: body.type,
      name: body.name,
      slug: body.slug,
      draft: body.draft === undefined ? undefined : asInput(body.draft),
    });
    return c.json({ data: experiences.portalExperienceJson(e) }, 201);
  });

  app.openapi({ ...experiences.listWorkspaceExperiences, middleware: guard }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listWorkspaceExperiences(requestCtx(c, services), {
      type: q.type,
      status: q.status,
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(experiences.portalListItemJson) }, 200);
  });

  app.openapi({ ...experiences.getWorkspaceExperience, middleware: guard }, async (c) => {
    const e = await getWorkspaceExperience(requestCtx(c, services), idOf(c));
    return c.json({ data: experiences.portalExperienceJson(e) }, 200);
  });

  app.openapi({ ...experiences.updateExperience, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const e = await updateExperience(requestCtx(c, services), idOf(c), {
      name: body.name,
      slug: body.slug,
      // The draft's shape depends on the experience's type: checked once server-core has read it.
      draft: body.draft === undefined ? undefined : (type) => parseDraft(type, body.draft),
    });
    return c.json({ data: experiences.portalExperienceJson(e) }, 200);
  });

  app.openapi({ ...experiences.publishExperience, middleware: guard }, async (c) => {
    const e = await publishExperience(requestCtx(c, services), idOf(c));
    return c.json({ data: experiences.portalExperienceJson(e) }, 200);
  });

  app.openapi({ ...experiences.unpublishExperience, middleware: guard }, async (c) => {
    const e = await unpublishExperience(requestCtx(c, services), idOf(c));
    return c.json({ data: experiences.portalExperienceJson(e) }, 200);
  });

  app.openapi({ ...preview.createExperiencePreview, middleware: guard }, async (c) => {
    const link = await createExperiencePreview(requestCtx(c, services), services.keys.experiencePreview, {
      experienceId: idOf(c),
      url: c.req.valid('json').url,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: preview.previewJson(link) }, 201);
  });

  app.openapi({ ...experiences.archiveExperience, middleware: guard }, async (c) => {
    const e = await archiveExperience(requestCtx(c, services), idOf(c));
    return c.json({ data: experiences.portalExperienceJson(e) }, 200);
  });
}
