import type { OpenAPIHono } from '@hono/zod-openapi';
import { articleHtml } from '../../../server-core/content/article-html';
import { deleteArticle, deleteCollection, deleteSource } from '../../../server-core/content/delete-content';
import {
  getPage,
  getUpload,
  getWorkspaceArticle,
  getWorkspaceGuide,
  listArticles,
  listCollections,
  listGuides,
  listPages,
  listUploads,
} from '../../../server-core/content/read-library';
import { articleJson } from '../../contract/articles';
import * as library from '../../contract/content-library';
import { pageJson } from '../../contract/content-sources';
import { guideJson } from '../../contract/guides';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The console's content reads and deletes (bff/contract/content-library.ts). */
export function registerContentLibraryRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });

  app.openapi({ ...library.listWorkspaceArticles, middleware: guard }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listArticles(requestCtx(c, services), {
      status: q.status,
      collectionId: q.collection_id?.toLowerCase(),
      q: q.q,
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(articleJson) }, 200);
  });

  app.openapi({ ...library.getWorkspaceArticle, middleware: guard }, async (c) => {
    const a = await getWorkspaceArticle(
      requestCtx(c, services),
      c.req.valid('param').articleId.toLowerCase(),
    );
    return c.json({ data: articleJson(a) }, 200);
  });

  app.openapi({ ...library.deleteArticle, middleware: guard }, async (c) => {
    await deleteArticle(requestCtx(c, services), c.req.valid('param').articleId.toLowerCase());
    return c.body(null, 204);
  });

  app.openapi({ ...library.listArticleCollections, middleware: guard }, async (c) => {
    const rows = await listCollections(requestCtx(c, services));
    return c.json({ data: rows.map(library.collectionJson) }, 200);
  });

  app.openapi({ ...library.deleteArticleCollection, middleware: guard }, async (c) => {
    await deleteCollection(requestCtx(c, services), c.req.valid('param').collectionId.toLowerCase());
    return c.body(null, 204);
  });

  app.openapi({ ...library.listWorkspaceGuides, middleware: guard }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listGuides(requestCtx(c, services), {
      status: q.status,
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(library.guideSummaryJson) }, 200);
  });

  app.openapi({ ...library.getWorkspaceGuide, middleware: guard }, async (c) => {
    const g = await getWorkspaceGuide(requestCtx(c, services), c.req.valid('param').guideId.toLowerCase());
    return c.json({ data: guideJson(g) }, 200);
  });

  app.openapi({ ...library.listPages, middleware: guard }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listPages(requestCtx(c, services), {
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map((p) => pageJson(p, p.chunk_count)) }, 200);
  });

  app.openapi({ ...library.getPage, middleware: guard }, async (c) => {
    const p = await getPage(requestCtx(c, services), c.req.valid('param').pageId.toLowerCase());
    return c.json({ data: library.pageDetailJson(p) }, 200);
  });

  app.openapi({ ...library.deletePage, middleware: guard }, async (c) => {
    await deleteSource(requestCtx(c, services), 'page', c.req.valid('param').pageId.toLowerCase());
    return c.body(null, 204);
  });

  app.openapi({ ...library.listUploads, middleware: guard }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listUploads(requestCtx(c, services), {
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(library.uploadSummaryJson) }, 200);
  });

  app.openapi({ ...library.getUpload, middleware: guard }, async (c) => {
    const u = await getUpload(requestCtx(c, services), c.req.valid('param').uploadId.toLowerCase());
    return c.json({ data: library.uploadDetailJson(u) }, 200);
  });

  app.openapi({ ...library.deleteUpload, middleware: guard }, async (c) => {
    await deleteSource(requestCtx(c, services), 'upload', c.req.valid('param').uploadId.toLowerCase());
    return c.body(null, 204);
  });

  app.openapi({ ...library.previewArticle, middleware: guard }, async (c) => {
    return c.json({ data: { body_html: articleHtml(c.req.valid('json').body) } }, 200);
  });
}
