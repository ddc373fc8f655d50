import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { articleJson } from '../../../server-core/content/article';
import { createArticle } from '../../../server-core/content/create-article';
import { publishArticle } from '../../../server-core/content/publish-article';
import { unpublishArticle } from '../../../server-core/content/unpublish-article';
import { updateArticle } from '../../../server-core/content/update-article';
import type { AppEnv } from '../../env';
import { errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { ArticleSchema, CreateArticleRequest, UpdateArticleRequest } from '../content-schemas';
import { portalApi } from '../guards';
import { portalCtx } from './portal-ctx';

const TAG = 'Portal: content';
const security = [{ portalSession: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const params = z.object({ workspaceId: ulidParam('workspaceId') });
const articleParams = params.extend({ articleId: ulidParam('articleId') });
const ArticleResponse = z.object({ data: ArticleSchema });
const PERMISSION = 'Permission `content.manage`.';

export function registerArticleRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });
  const deps = { embedder: services.embedder };

  app.openapi(
    createRoute({
      operationId: 'createArticle',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/articles',
      tags: [TAG],
      summary: 'Create a help-center article (a draft)',
      description:
        'The slug is derived from the title unless given (a derived slug takes -2, -3... when taken; a given one ' +
        'that is taken answers 409 slug_taken). The collection is named by collection_id (422 unknown_collection) ' +
        `or collection_slug (found or created). ${PERMISSION}`,
      security,
      middleware: guard,
      request: {
        params,
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: { required: true, content: json(CreateArticleRequest) },
      },
      responses: {
        201: { description: 'Created as a draft.', content: json(ArticleResponse) },
        ...errorResponses(401, 403, 409, 413, 415, 422),
      },
    }),
    async (c) => {
      const article = await createArticle(portalCtx(c, services), c.req.valid('json'));
      return c.json({ data: articleJson(article) }, 201);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'updateArticle',
      method: 'patch',
      path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}',
      tags: [TAG],
      summary: 'Change an article',
      description:
        'Omitted fields are left alone. A published article is re-indexed in the same transaction (its chunks follow ' +
        `the new text, slug and access level at once); an edit announces nothing. ${PERMISSION}`,
      security,
      middleware: guard,
      request: { params: articleParams, body: { required: true, content: json(UpdateArticleRequest) } },
      responses: {
        200: { description: 'The article as it is now.', content: json(ArticleResponse) },
        ...errorResponses(401, 403, 404, 409, 413, 415, 422),
      },
    }),
    async (c) => {
      const { articleId } = c.req.valid('param');
      const article = await updateArticle(
        portalCtx(c, services),
        articleId.toLowerCase(),
        c.req.valid('json'),
        deps,
      );
      return c.json({ data: articleJson(article) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'publishArticle',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}/publish',
      tags: [TAG],
      summary: 'Publish an article',
      description:
        'Indexes it (one chunk per section, audience from access_level: public→public, authenticated→customers, ' +
        'internal→internal) and sends content.published, in one transaction. Publishing a published article ' +
        `answers 200 with it unchanged and sends nothing. ${PERMISSION}`,
      security,
      middleware: guard,
      request: { params: articleParams, headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      responses: {
        200: { description: 'The published article.', content: json(ArticleResponse) },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { article } = await publishArticle(
        portalCtx(c, services),
        c.req.valid('param').articleId.toLowerCase(),
        deps,
      );
      return c.json({ data: articleJson(article) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'unpublishArticle',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}/unpublish',
      tags: [TAG],
      summary: 'Unpublish an article',
      description:
        'Back to draft; its chunks are removed and content.retracted is sent, in one transaction. An article that ' +
        `is not published answers 200 unchanged and sends nothing. ${PERMISSION}`,
      security,
      middleware: guard,
      request: { params: articleParams, headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      responses: {
        200: { description: 'The article, now a draft.', content: json(ArticleResponse) },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { article } = await unpublishArticle(
        portalCtx(c, services),
        c.req.valid('param').articleId.toLowerCase(),
      );
      return c.json({ data: articleJson(article) }, 200);
    },
  );
}
