import { createRoute, z } from '@hono/zod-openapi';
import type { Article } from '../../server-core/content/article';
import { MAX_ARTICLE_BODY } from '../../server-core/content/article-limits';
import { ACCESS_LEVELS } from '../../server-core/content/audience';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { CONTENT_PERMISSION, CONTENT_TAG, ContentStatus, Slug, str } from './content-fields';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { API_KEY, idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** Help-center articles (spec section 2, Article). */

export const ArticleSchema = z
  .object({
    id: Ulid,
    title: z.string(),
    slug: z.string(),
    collection_id: Ulid.nullable(),
    body: z.string().openapi({ description: 'Markdown.' }),
    access_level: z.enum(ACCESS_LEVELS).openapi({
      description:
        'public (anyone), authenticated (signed-in help-center readers; audience customers), internal.',
    }),
    status: ContentStatus,
    position: z.number().int(),
    source_guide_id: z.string().nullable(),
    diverged_from_guide: z.boolean(),
    body_edited_since_generation: z.boolean(),
    author_id: z.string().nullable(),
    approved_by: z.string().nullable().openapi({ description: 'The member who last published it.' }),
    published_at: DateTime.nullable(),
    updated_at: DateTime,
  })
  .openapi('Article');

export const exampleArticle: z.output<typeof ArticleSchema> = {
  id: EXAMPLE_ID.articleId,
  title: 'Reset your password',
  slug: EXAMPLE_DEMO.articleSlug,
  collection_id: null,
  body: 'Forgot your password? You can set a new one in a minute.\n\n1. Open the sign-in page and choose **Forgot password**.\n2. Enter the email address of your account.',
  access_level: 'public',
  status: 'published',
  position: 0,
  source_guide_id: null,
  diverged_from_guide: false,
  body_edited_since_generation: false,
  author_id: null,
  approved_by: EXAMPLE_ID.userId,
  published_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

/** The Article shape of spec section 2, for the portal and the public API alike. */
export function articleJson(a: Article) {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    collection_id: a.collection_id,
    body: a.body,
    access_level: a.access_level,
    status: a.status,
    position: a.position,
    source_guide_id: a.source_guide_id,
    diverged_from_guide: a.diverged_from_guide,
    body_edited_since_generation: a.body_edited_since_generation,
    author_id: a.author_id,
    approved_by: a.approved_by,
    published_at: iso(a.published_at),
    updated_at: a.updated_at.toISOString(),
  };
}

const articleFields = {
  title: z.string().trim().min(1).max(200),
  slug: Slug,
  body: str(MAX_ARTICLE_BODY).openapi({
    description: 'Markdown; sections at headings of level 1 to 3 are indexed.',
  }),
  collection_id: Ulid.openapi({ description: 'An existing collection of the workspace.' }),
  collection_slug: Slug.openapi({
    description: 'A collection found by slug, or created (exclusive with collection_id).',
  }),
  collection_name: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .openapi({ description: 'Name of a collection created by slug.' }),
  access_level: z.enum(ACCESS_LEVELS),
  position: z.number().int().min(0).max(1_000_000),
};

export const CreateArticleRequest = strictObject({
  title: articleFields.title,
  slug: articleFields.slug.optional().openapi({
    description:
      'Omitted: derived from the title, with -2, -3... when taken. Given and taken: 409 slug_taken.',
  }),
  body: articleFields.body.default(''),
  collection_id: articleFields.collection_id.optional(),
  collection_slug: articleFields.collection_slug.optional(),
  collection_name: articleFields.collection_name.optional(),
  access_level: articleFields.access_level.default('public'),
  position: articleFields.position.default(0),
}).openapi('CreateArticleRequest');

export const UpdateArticleRequest = strictObject({
  title: articleFields.title.optional(),
  slug: articleFields.slug.optional().openapi({ description: 'Taken by another article: 409 slug_taken.' }),
  body: articleFields.body.optional(),
  collection_id: articleFields.collection_id
    .nullable()
    .optional()
    .openapi({ description: 'null removes it.' }),
  collection_slug: articleFields.collection_slug.optional(),
  collection_name: articleFields.collection_name.optional(),
  access_level: articleFields.access_level.optional(),
  position: articleFields.position.optional(),
}).openapi('UpdateArticleRequest');

const ArticleResponse = z.object({ data: ArticleSchema });
const articleParams = workspaceParams.extend({ articleId: ulidParam('articleId') });

export const getArticle = createRoute({
  operationId: 'getArticle',
  method: 'get',
  path: '/api/v1/articles/{articleId}',
  tags: ['Articles'],
  summary: 'Read a published help-center article',
  description:
    'Only published articles whose access-level audience the key may see: internal articles need ' +
    '`retrieval:internal` (public and authenticated ones are readable with `articles:read` alone); anything ' +
    'else answers 404 like an unknown id. Ability `articles:read`.',
  security: API_KEY,
  request: { params: z.object({ articleId: ulidParam('articleId') }) },
  responses: {
    200: { description: 'The article.', content: json(ArticleResponse, { data: exampleArticle }) },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const createArticle = createRoute({
  operationId: 'createArticle',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/articles',
  tags: [CONTENT_TAG],
  summary: 'Create a help-center article (a draft)',
  description:
    'The slug is derived from the title unless given (a derived slug takes -2, -3... when taken; a given one ' +
    'that is taken answers 409 slug_taken). The collection is named by collection_id (422 unknown_collection) ' +
    `or collection_slug (found or created). ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(CreateArticleRequest, {
      title: 'Export your invoices',
      body: '## From the billing page\n\nOpen **Billing > Invoices**, choose **Export** and pick the month.',
      collection_slug: 'billing',
      collection_name: 'Billing',
    }),
  },
  responses: {
    201: {
      description: 'Created as a draft.',
      content: json(ArticleResponse, {
        data: {
          ...exampleArticle,
          id: '01m6bjh4kr6p8s0w2y4a6c8e0g',
          title: 'Export your invoices',
          slug: 'export-your-invoices',
          collection_id: EXAMPLE_ID.collectionId,
          body: '## From the billing page\n\nOpen **Billing > Invoices**, choose **Export** and pick the month.',
          status: 'draft',
          author_id: EXAMPLE_ID.userId,
          approved_by: null,
          published_at: null,
        },
      }),
    },
    ...errorResponses(401, 403, 409, 413, 415, 422),
  },
});

export const updateArticle = createRoute({
  operationId: 'updateArticle',
  method: 'patch',
  path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}',
  tags: [CONTENT_TAG],
  summary: 'Change an article',
  description:
    'Omitted fields are left alone. A published article is re-indexed in the same transaction (its chunks follow ' +
    `the new text, slug and access level at once); an edit announces nothing. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: articleParams,
    body: jsonBody(UpdateArticleRequest, { title: 'Reset your password', position: 1 }),
  },
  responses: {
    200: {
      description: 'The article as it is now.',
      content: json(ArticleResponse, { data: { ...exampleArticle, position: 1, updated_at: EXAMPLE_LATER } }),
    },
    ...errorResponses(401, 403, 404, 409, 413, 415, 422),
  },
});

export const publishArticle = createRoute({
  operationId: 'publishArticle',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}/publish',
  tags: [CONTENT_TAG],
  summary: 'Publish an article',
  description:
    'Indexes it (one chunk per section, audience from access_level: public→public, authenticated→customers, ' +
    'internal→internal) and sends content.published, in one transaction. Publishing a published article ' +
    `answers 200 with it unchanged and sends nothing. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: articleParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The published article.',
      content: json(ArticleResponse, {
        data: { ...exampleArticle, published_at: EXAMPLE_LATER, updated_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const unpublishArticle = createRoute({
  operationId: 'unpublishArticle',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/articles/{articleId}/unpublish',
  tags: [CONTENT_TAG],
  summary: 'Unpublish an article',
  description:
    'Back to draft; its chunks are removed and content.retracted is sent, in one transaction. An article that ' +
    `is not published answers 200 unchanged and sends nothing. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: articleParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The article, now a draft.',
      content: json(ArticleResponse, {
        data: { ...exampleArticle, status: 'draft', published_at: null, updated_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
