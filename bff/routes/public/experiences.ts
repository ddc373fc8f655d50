import type { OpenAPIHono } from '@hono/zod-openapi';
import { listAnswers } from '../../../server-core/experiences/list-answers';
import {
  getExperience,
  listExperiences,
  listProgress,
} from '../../../server-core/experiences/read-experiences';
import * as answers from '../../contract/experience-answers';
import * as experiences from '../../contract/experiences';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerExperienceRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['experiences:read'], flags: ['feature.experiences.core'] });

  app.openapi({ ...experiences.listExperiences, middleware: read }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listExperiences(requestCtx(c, services), {
      type: q.type,
      status: q.status,
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit, { dataFirst: true });
    return c.json({ data: page.data.map(experiences.experienceJson), meta: page.meta }, 200);
  });

  app.openapi({ ...experiences.getExperience, middleware: read }, async (c) => {
    const e = await getExperience(requestCtx(c, services), c.req.valid('param').experienceId.toLowerCase());
    return c.json({ data: experiences.experienceJson(e) }, 200);
  });

  app.openapi({ ...experiences.listExperienceProgress, middleware: read }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listProgress(
      requestCtx(c, services),
      c.req.valid('param').experienceId.toLowerCase(),
      {
        state: q.state,
        contactId: q.contact_id?.toLowerCase(),
        beforeId: cursorPosition(q.cursor),
        limit: q.limit,
      },
    );
    const page = toPageBody(rows, q.limit, { dataFirst: true });
    return c.json({ data: page.data.map(experiences.progressRowJson), meta: page.meta }, 200);
  });

  app.openapi({ ...answers.listExperienceAnswers, middleware: read }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listAnswers(requestCtx(c, services), c.req.valid('param').experienceId.toLowerCase(), {
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit, { dataFirst: true });
    return c.json({ data: page.data.map(answers.answerRowJson), meta: page.meta }, 200);
  });
}
