import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getPublishedArticle, getPublishedGuide } from '../../../server-core/content/read-published';
import { permittedAudiences } from '../../../server-core/retrieval/retrieval-audiences';
import * as articles from '../../contract/articles';
import * as guides from '../../contract/guides';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** What a key may read: public and customers; internal too with retrieval:internal. */
const keyAudiences = (c: Context<AppEnv>) => permittedAudiences(c.get('credential')?.abilities ?? []);

export function registerPublicContentRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const readGuides = publicApi(services, { abilities: ['guides:read'] });
  const readArticles = publicApi(services, { abilities: ['articles:read'] });

  app.openapi({ ...guides.getGuide, middleware: readGuides }, async (c) => {
    const id = c.req.valid('param').guideId.toLowerCase();
    const guide = await getPublishedGuide(requestCtx(c, services), id, keyAudiences(c));
    return c.json({ data: guides.guideJson(guide) }, 200);
  });

  app.openapi({ ...articles.getArticle, middleware: readArticles }, async (c) => {
    const id = c.req.valid('param').articleId.toLowerCase();
    const article = await getPublishedArticle(requestCtx(c, services), id, keyAudiences(c));
    return c.json({ data: articles.articleJson(article) }, 200);
  });
}
