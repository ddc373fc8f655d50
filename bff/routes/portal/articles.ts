import type { OpenAPIHono } from '@hono/zod-openapi';
import { createArticle } from '../../../server-core/content/create-article';
import { publishArticle, unpublishArticle } from '../../../server-core/content/publish-article';
import { updateArticle } from '../../../server-core/content/update-article';
import * as articles from '../../contract/articles';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerArticleRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });
  const deps = { embedder: services.embedder };

  app.openapi({ ...articles.createArticle, middleware: guard }, async (c) => {
    const article = await createArticle(requestCtx(c, services), c.req.valid('json'));
    return c.json({ data: articles.articleJson(article) }, 201);
  });

  app.openapi({ ...articles.updateArticle, middleware: guard }, async (c) => {
    const id = c.req.valid('param').articleId.toLowerCase();
    const article = await updateArticle(requestCtx(c, services), id, c.req.valid('json'), deps);
    return c.json({ data: articles.articleJson(article) }, 200);
  });

  app.openapi({ ...articles.publishArticle, middleware: guard }, async (c) => {
    const id = c.req.valid('param').articleId.toLowerCase();
    const { article } = await publishArticle(requestCtx(c, services), id, deps);
    return c.json({ data: articles.articleJson(article) }, 200);
  });

  app.openapi({ ...articles.unpublishArticle, middleware: guard }, async (c) => {
    const id = c.req.valid('param').articleId.toLowerCase();
    const { article } = await unpublishArticle(requestCtx(c, services), id);
    return c.json({ data: articles.articleJson(article) }, 200);
  });
}
