import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import {
  accessLevelsFor,
  getHelpArticle,
  type HelpAudience,
} from '../../../server-core/widget/help-articles';
import { searchHelp } from '../../../server-core/widget/search-help';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import { DateTime, errorResponses, Ulid } from '../../openapi/schemas';
import { type Services, searchDeps } from '../../services';
import { WIDGET_TAG } from './install';
import { visitorCtx } from './widget-ctx';

const AUDIENCE_NOTE =
  'An anonymous visitor sees public articles; a verified visitor (user.set under the current identity secret) ' +
  'also authenticated ones; internal articles never. Only published articles.';

const Hit = z
  .object({ id: Ulid, slug: z.string(), title: z.string(), excerpt: z.string() })
  .openapi('WidgetHelpHit');

const Article = z
  .object({
    id: Ulid,
    slug: z.string(),
    title: z.string(),
    body: z.string().openapi({ description: 'Markdown.' }),
    updated_at: DateTime,
  })
  .openapi('WidgetHelpArticle');

const audienceOf = (contactId: string | null): HelpAudience => (contactId ? 'verified' : 'anonymous');

export function registerWidgetHelpRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services)];

  app.openapi(
    createRoute({
      operationId: 'widgetSearchHelp',
      method: 'get',
      path: '/widget/help/search',
      tags: [WIDGET_TAG],
      summary: "The Help tab's search over published articles",
      description: `Full-text search (every word matched as a prefix) fused by Reciprocal Rank Fusion with the hybrid retrieval over article chunks (paraphrases), keeping retrieved articles only when close to the query; best first, at most 10. Without q: the articles in help-center order. ${AUDIENCE_NOTE}`,
      security: [{ visitorToken: [] }],
      middleware: guard,
      request: {
        query: z.object({
          q: z
            .string()
            .max(200)
            .optional()
            .openapi({ description: 'Search words (at most 200 characters).' }),
        }),
      },
      responses: {
        200: {
          description: 'Matching articles.',
          content: {
            'application/json': {
              schema: z.object({
                data: z.array(Hit),
                meta: z.object({
                  access_levels: z
                    .array(z.enum(['public', 'authenticated']))
                    .openapi({ description: 'The article access levels applied for this visitor.' }),
                }),
              }),
            },
          },
        },
        ...errorResponses(401, 422),
      },
    }),
    async (c) => {
      const { q } = c.req.valid('query');
      const audience = audienceOf(c.get('visitor')!.contactId);
      const hits = await searchHelp(visitorCtx(c, services), searchDeps(services), {
        q: q?.trim() || undefined,
        audience,
      });
      return c.json(
        { data: hits, meta: { access_levels: accessLevelsFor(audience) as ('public' | 'authenticated')[] } },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      operationId: 'widgetGetArticle',
      method: 'get',
      path: '/widget/help/articles/{slug}',
      tags: [WIDGET_TAG],
      summary: 'Open a published article in the widget',
      description: `404 for unknown, unpublished, internal and (for anonymous visitors) authenticated articles. ${AUDIENCE_NOTE}`,
      security: [{ visitorToken: [] }],
      middleware: guard,
      request: {
        params: z.object({
          slug: z
            .string()
            .min(1)
            .max(200)
            .openapi({ param: { name: 'slug', in: 'path' }, example: 'reset-your-password' }),
        }),
      },
      responses: {
        200: {
          description: 'The article.',
          content: { 'application/json': { schema: z.object({ data: Article }) } },
        },
        ...errorResponses(401, 404),
      },
    }),
    async (c) => {
      const { slug } = c.req.valid('param');
      const article = await getHelpArticle(visitorCtx(c, services), {
        slug,
        audience: audienceOf(c.get('visitor')!.contactId),
      });
      return c.json({ data: { ...article, updated_at: article.updated_at.toISOString() } }, 200);
    },
  );
}
