import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { EXPERIENCE_TYPES, experienceJson } from '../../../server-core/experiences/experience';
import {
  getExperience,
  listExperiences,
  listProgress,
} from '../../../server-core/experiences/read-experiences';
import type { AppEnv } from '../../env';
import { cursorPosition, pageOf, pageQuery, toPageBody } from '../../openapi/lists';
import { Experience, ProgressRow, withIsoDates } from '../../openapi/resources';
import { errorResponses, Ulid, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { publicCtx } from './public-ctx';

const TAG = 'Experiences';

export function registerExperienceRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = publicApi(services, { abilities: ['experiences:read'], flags: ['feature.experiences.core'] });
  const description = 'Ability `experiences:read`; dark (404) while feature.experiences.core is off.';
  const params = z.object({ experienceId: ulidParam('experienceId') });

  app.openapi(
    createRoute({
      operationId: 'listExperiences',
      method: 'get',
      path: '/api/v1/experiences',
      tags: [TAG],
      summary: 'List in-app experiences',
      description: `Newest first; data before meta. ${description}`,
      security: [{ apiKey: [] }],
      middleware: read,
      request: {
        query: z.object({
          ...pageQuery(),
          type: z.enum(EXPERIENCE_TYPES).optional(),
          status: z.enum(['draft', 'published', 'archived']).optional(),
        }),
      },
      responses: {
        200: {
          description: 'A page of experiences.',
          content: { 'application/json': { schema: pageOf(Experience, { dataFirst: true }) } },
        },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await listExperiences(publicCtx(c, services), {
        type: q.type,
        status: q.status,
        beforeId: cursorPosition(q.cursor),
        limit: q.limit,
      });
      const page = toPageBody(rows, q.limit, { dataFirst: true });
      return c.json({ data: page.data.map(experienceJson), meta: page.meta }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'getExperience',
      method: 'get',
      path: '/api/v1/experiences/{experienceId}',
      tags: [TAG],
      summary: 'Get an experience',
      description,
      security: [{ apiKey: [] }],
      middleware: read,
      request: { params },
      responses: {
        200: {
          description: 'The experience.',
          content: { 'application/json': { schema: z.object({ data: Experience }) } },
        },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const e = await getExperience(publicCtx(c, services), c.req.valid('param').experienceId.toLowerCase());
      return c.json({ data: experienceJson(e) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'listExperienceProgress',
      method: 'get',
      path: '/api/v1/experiences/{experienceId}/progress',
      tags: [TAG],
      summary: 'List progress rows of an experience',
      description:
        'One row per session for tours, programs and surveys; one per seen marker for launchers, banners and ' +
        `announcements (state completed, or ended with end_reason dismissed). Newest first; data before meta. ${description}`,
      security: [{ apiKey: [] }],
      middleware: read,
      request: {
        params,
        query: z.object({
          ...pageQuery(200, 50),
          state: z.enum(['active', 'completed', 'ended']).optional(),
          contact_id: Ulid.optional(),
        }),
      },
      responses: {
        200: {
          description: 'A page of progress rows.',
          content: { 'application/json': { schema: pageOf(ProgressRow, { dataFirst: true }) } },
        },
        ...errorResponses(401, 403, 404, 422, 429),
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      const rows = await listProgress(
        publicCtx(c, services),
        c.req.valid('param').experienceId.toLowerCase(),
        {
          state: q.state,
          contactId: q.contact_id?.toLowerCase(),
          beforeId: cursorPosition(q.cursor),
          limit: q.limit,
        },
      );
      const page = toPageBody(rows, q.limit, { dataFirst: true });
      const data = page.data.map(
        ({ id: _id, ...row }) => withIsoDates(row, ['started_at', 'ended_at']) as z.infer<typeof ProgressRow>,
      );
      return c.json({ data, meta: page.meta }, 200);
    },
  );
}
