import { createRoute, z } from '@hono/zod-openapi';
import { MAX_ARTICLE_BODY } from '../../server-core/content/article-limits';
import type {
  CollectionSummary,
  GuideSummary,
  PageDetail,
  UploadDetail,
  UploadSummary,
} from '../../server-core/content/read-library';
import { errorResponses } from '../openapi/schemas';
import { ArticleSchema, exampleArticle } from './articles';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { CONTENT_PERMISSION, CONTENT_TAG, ContentStatus, str } from './content-fields';
import { examplePage, PageSchema, UploadSchema, uploadJson } from './content-sources';
import { EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { exampleGuide, GuideSchema } from './guides';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/**
 * The staff console's reads and deletes of the workspace's content, drafts included (issue 17;
 * docs/decisions/console-operations.md, Content operations). Creating, editing and publishing are articles.ts,
 * guides.ts and content-sources.ts.
 */

const DRAFTS =
  'Drafts and archived content included (the public and widget reads see published content only).';

const articleParams = workspaceParams.extend({ articleId: ulidParam('articleId') });
const guideParams = workspaceParams.extend({ guideId: ulidParam('guideId') });
const collectionParams = workspaceParams.extend({ collectionId: ulidParam('collectionId') });
const pageParams = workspaceParams.extend({ pageId: ulidParam('pageId') });
const uploadParams = workspaceParams.extend({ uploadId: ulidParam('uploadId') });

export const listWorkspaceArticles = createRoute({
  operationId: 'listWorkspaceArticles',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/articles',
  tags: [CONTENT_TAG],
  summary: 'List the workspace’s articles',
  description: `Newest first. ${DRAFTS} \`q\` matches words of the title or slug. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    query: strictObject({
      ...pageQuery(),
      status: ContentStatus.optional(),
      collection_id: Ulid.optional(),
      q: z.string().trim().min(1).max(200).optional().openapi({ description: 'Words of the title or slug.' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of articles.',
      content: json(pageOf(ArticleSchema), { meta: { next_cursor: null }, data: [exampleArticle] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getWorkspaceArticle = createRoute({
  operationId: 'getWorkspaceArticle',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}',
  tags: [CONTENT_TAG],
  summary: 'Read an article in any status',
  description: `${DRAFTS} ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: articleParams },
  responses: {
    200: {
      description: 'The article.',
      content: json(z.object({ data: ArticleSchema }), { data: exampleArticle }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const deleteArticle = createRoute({
  operationId: 'deleteArticle',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}',
  tags: [CONTENT_TAG],
  summary: 'Delete an article',
  description:
    'A published article is retracted first in the same transaction (its chunks removed, content.retracted ' +
    `sent), then deleted with its feedback. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: articleParams },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404) },
});

export const CollectionSchema = z
  .object({
    id: Ulid,
    name: z.string(),
    slug: z.string(),
    position: z.number().int(),
    article_count: z.number().int(),
    published_count: z.number().int(),
    created_at: DateTime,
  })
  .openapi('ArticleCollection');

export function collectionJson(c: CollectionSummary) {
  return { ...c, created_at: c.created_at.toISOString() };
}

export const listArticleCollections = createRoute({
  operationId: 'listArticleCollections',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/article-collections',
  tags: [CONTENT_TAG],
  summary: 'List the article collections with their counts',
  description: `Every collection, by position then name (a workspace has few). ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The collections.',
      content: json(z.object({ data: z.array(CollectionSchema) }), {
        data: [
          {
            id: EXAMPLE_ID.collectionId,
            name: 'Billing',
            slug: 'billing',
            position: 0,
            article_count: 3,
            published_count: 2,
            created_at: EXAMPLE_TIME,
          },
        ],
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const deleteArticleCollection = createRoute({
  operationId: 'deleteArticleCollection',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/article-collections/{collectionId}',
  tags: [CONTENT_TAG],
  summary: 'Delete a collection (its articles stay, without a collection)',
  description: CONTENT_PERMISSION,
  security: PORTAL_SESSION,
  request: { params: collectionParams },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404) },
});

const GuideSummarySchema = GuideSchema.omit({ steps: true }).openapi('GuideSummary');

export function guideSummaryJson(g: GuideSummary) {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    status: g.status,
    share_mode: g.share_mode,
    step_count: g.step_count,
    language: g.language,
    verified_at: iso(g.verified_at),
    published_at: iso(g.published_at),
    created_at: g.created_at.toISOString(),
    updated_at: g.updated_at.toISOString(),
    brand_profile_id: g.brand_profile_id,
    brand: g.brand ? { ...g.brand, brand_profile_id: g.brand_profile_id } : null,
    capture_session_id: g.capture_session_id,
    capture: g.capture,
  };
}

const { steps: _steps, ...exampleGuideSummary } = exampleGuide;

export const listWorkspaceGuides = createRoute({
  operationId: 'listWorkspaceGuides',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/guides',
  tags: [CONTENT_TAG],
  summary: 'List the workspace’s guides (without their steps)',
  description: `Newest first. ${DRAFTS} ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    query: strictObject({ ...pageQuery(), status: ContentStatus.optional() }),
  },
  responses: {
    200: {
      description: 'A page of guides.',
      content: json(pageOf(GuideSummarySchema), { meta: { next_cursor: null }, data: [exampleGuideSummary] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getWorkspaceGuide = createRoute({
  operationId: 'getWorkspaceGuide',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}',
  tags: [CONTENT_TAG],
  summary: 'Read a guide with its steps, in any status',
  description: `${DRAFTS} ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: guideParams },
  responses: {
    200: {
      description: 'The guide.',
      content: json(z.object({ data: GuideSchema }), { data: exampleGuide }),
    },
    ...errorResponses(401, 403, 404),
  },
});

const PageDetailSchema = PageSchema.extend({ html: z.string() }).openapi('PageDetail');

export function pageDetailJson(p: PageDetail) {
  return {
    id: p.id,
    url: p.url,
    title: p.title,
    audience: p.audience,
    chunk_count: p.chunk_count,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
    html: p.html,
  };
}

export const listPages = createRoute({
  operationId: 'listPages',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/pages',
  tags: [CONTENT_TAG],
  summary: 'List the crawled pages of the index',
  description: `Newest first, without their HTML. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'A page of pages.',
      content: json(pageOf(PageSchema), { meta: { next_cursor: null }, data: [examplePage] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getPage = createRoute({
  operationId: 'getPage',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/pages/{pageId}',
  tags: [CONTENT_TAG],
  summary: 'Read a crawled page with its HTML',
  description: CONTENT_PERMISSION,
  security: PORTAL_SESSION,
  request: { params: pageParams },
  responses: {
    200: {
      description: 'The page.',
      content: json(z.object({ data: PageDetailSchema }), {
        data: { ...examplePage, html: '<h1>Shipping times</h1><p>Orders ship within two days.</p>' },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const deletePage = createRoute({
  operationId: 'deletePage',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/pages/{pageId}',
  tags: [CONTENT_TAG],
  summary: 'Delete a crawled page and its chunks',
  description: CONTENT_PERMISSION,
  security: PORTAL_SESSION,
  request: { params: pageParams },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404) },
});

const exampleUpload: z.output<typeof UploadSchema> = {
  id: EXAMPLE_ID.uploadId,
  filename: 'refund-policy.md',
  media_type: 'text/markdown',
  byte_size: 1834,
  title: 'Refund policy',
  audience: 'customers',
  chunk_count: 3,
  created_at: EXAMPLE_TIME,
};

const UploadDetailSchema = UploadSchema.extend({
  text: z.string().openapi({ description: 'The text extracted from the file (the bytes are not kept).' }),
}).openapi('UploadDetail');

export const uploadSummaryJson = (u: UploadSummary) => uploadJson(u, u.chunk_count);
export const uploadDetailJson = (u: UploadDetail) => ({ ...uploadJson(u, u.chunk_count), text: u.text });

export const listUploads = createRoute({
  operationId: 'listUploads',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/uploads',
  tags: [CONTENT_TAG],
  summary: 'List the uploaded files of the index',
  description: `Newest first, without their text. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'A page of uploads.',
      content: json(pageOf(UploadSchema), { meta: { next_cursor: null }, data: [exampleUpload] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getUpload = createRoute({
  operationId: 'getUpload',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/uploads/{uploadId}',
  tags: [CONTENT_TAG],
  summary: 'Read an upload with its extracted text',
  description: CONTENT_PERMISSION,
  security: PORTAL_SESSION,
  request: { params: uploadParams },
  responses: {
    200: {
      description: 'The upload.',
      content: json(z.object({ data: UploadDetailSchema }), {
        data: { ...exampleUpload, text: '# Refund policy\n\nRefunds within 30 days.' },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const deleteUpload = createRoute({
  operationId: 'deleteUpload',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/uploads/{uploadId}',
  tags: [CONTENT_TAG],
  summary: 'Delete an upload and its chunks',
  description: CONTENT_PERMISSION,
  security: PORTAL_SESSION,
  request: { params: uploadParams },
  responses: { 204: { description: 'Deleted.' }, ...errorResponses(401, 403, 404) },
});

export const PreviewArticleRequest = strictObject({
  body: str(MAX_ARTICLE_BODY).openapi({ description: 'Markdown, as an article body.' }),
}).openapi('PreviewArticleRequest');

export const previewArticle = createRoute({
  operationId: 'previewArticle',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/article-preview',
  tags: [CONTENT_TAG],
  summary: 'Render an article body as readers get it',
  description:
    'The HTML the widget and the help center show for this Markdown: the one renderer and sanitiser of ' +
    `published articles (server-core/content/article-html.ts). Nothing is stored. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    body: jsonBody(PreviewArticleRequest, { body: '## Steps\n\nChoose **Forgot password**.' }),
  },
  responses: {
    200: {
      description: 'The rendered body.',
      content: json(z.object({ data: z.object({ body_html: z.string() }) }), {
        data: { body_html: '<h3>Steps</h3>\n<p>Choose <strong>Forgot password</strong>.</p>\n' },
      }),
    },
    ...errorResponses(401, 403, 404, 413, 415, 422),
  },
});
