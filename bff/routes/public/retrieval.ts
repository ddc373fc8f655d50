import type { OpenAPIHono } from '@hono/zod-openapi';
import { applyAudiences } from '../../../server-core/retrieval/retrieval-audiences';
import { searchChunks } from '../../../server-core/retrieval/search-chunks';
import * as retrieval from '../../contract/retrieval';
import type { AppEnv } from '../../env';
import { type Services, searchDeps } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerRetrievalRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const query = publicApi(services, { abilities: ['retrieval:query'] });
  app.openapi({ ...retrieval.queryRetrieval, middleware: query }, async (c) => {
    const body = c.req.valid('json');
    const audiences = applyAudiences(body.filters?.audiences, c.get('credential')!.abilities ?? []);
    const hits = await searchChunks(requestCtx(c, services), searchDeps(services), {
      query: body.query,
      topK: body.top_k,
      audiences,
    });
    return c.json({ data: hits, meta: { audiences } }, 200);
  });
}
