import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { articleJson } from '../../../server-core/content/article';
import { guideJson } from '../../../server-core/content/guide';
import { getPublishedArticle, getPublishedGuide } from '../../../server-core/content/read-published';
import type { Audience } from '../../../server-core/retrieval/types';
import type { AppEnv } from '../../env';
import { errorResponses, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { ArticleSchema, GuideSchema } from '../content-schemas';
import { publicApi } from '../guards';
import { publicCtx } from './public-ctx';

const security = [{ apiKey: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** What a key may read: public and customers; internal too with retrieval:internal. */
function keyAudiences(c: Context<AppEnv>): Audience[] {
  const held = c.get('credential')?.abilities ?? [];
  return held.includes('retrieval:internal') ? ['public', 'customers', 'internal'] : ['public', 'customers'];
}

export function registerPublicContentRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(
    createRoute({
      operationId: 'getGuide',
      method: 'get',
      path: '/api/v1/guides/{guideId}',
      tags: ['Guides'],
      summary: 'Read a published guide with its steps',
      description:
        'Only published guides whose share-mode audience the key may see: private guides (audience internal) need ' +
        '`retrieval:internal`; anything else answers 404 like an unknown id. Ability `guides:read`.',
      security,
      middleware: publicApi(services, { abilities: ['guides:read'] }),
      request: { params: z.object({ guideId: ulidParam('guideId') }) },
      responses: {
        200: { description: 'The guide.', content: json(z.object({ data: GuideSchema })) },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const guide = await getPublishedGuide(
        publicCtx(c, services),
        c.req.valid('param').guideId.toLowerCase(),
        keyAudiences(c),
      );
      return c.json({ data: guideJson(guide) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'getArticle',
      method: 'get',
      path: '/api/v1/articles/{articleId}',
      tags: ['Articles'],
      summary: 'Read a published help-center article',
      description:
        'Only published articles whose access-level audience the key may see: internal articles need ' +
        '`retrieval:internal` (public and authenticated ones are readable with `articles:read` alone); anything ' +
        'else answers 404 like an unknown id. Ability `articles:read`.',
      security,
      middleware: publicApi(services, { abilities: ['articles:read'] }),
      request: { params: z.object({ articleId: ulidParam('articleId') }) },
      responses: {
        200: { description: 'The article.', content: json(z.object({ data: ArticleSchema })) },
        ...errorResponses(401, 403, 404, 429),
      },
    }),
    async (c) => {
      const article = await getPublishedArticle(
        publicCtx(c, services),
        c.req.valid('param').articleId.toLowerCase(),
        keyAudiences(c),
      );
      return c.json({ data: articleJson(article) }, 200);
    },
  );
}
