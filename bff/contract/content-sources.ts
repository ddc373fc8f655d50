import { createRoute, z } from '@hono/zod-openapi';
import { MAX_PAGE_URL_LENGTH, type Page } from '../../server-core/content/add-page';
import type { Upload } from '../../server-core/content/add-upload';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid } from './common';
import { AudienceSchema, CONTENT_PERMISSION, CONTENT_TAG } from './content-fields';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** Retrieval sources beside guides and articles: crawled pages and uploaded files. */

export const PageSchema = z
  .object({
    id: Ulid,
    url: z.string().openapi({ description: 'The page address without fragment; its key in the workspace.' }),
    title: z.string(),
    audience: AudienceSchema,
    chunk_count: z.number().int().openapi({ description: 'Chunks indexed from it.' }),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .openapi('Page');

export const examplePage: z.output<typeof PageSchema> = {
  id: EXAMPLE_ID.pageId,
  url: 'https://acme.example.com/help/shipping',
  title: 'Shipping times',
  audience: 'public',
  chunk_count: 2,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

export function pageJson(p: Page, chunkCount: number) {
  return {
    id: p.id,
    url: p.url,
    title: p.title,
    audience: p.audience,
    chunk_count: chunkCount,
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

export const AddPageRequest = strictObject({
  url: z
    .string()
    .min(1)
    .max(MAX_PAGE_URL_LENGTH)
    .openapi({ description: `http(s), at most ${MAX_PAGE_URL_LENGTH} characters.` }),
  title: z.string().trim().min(1).max(500),
  html: z.string().openapi({ description: 'The page HTML (the request body is at most 1 MiB).' }),
  audience: AudienceSchema.default('public').openapi({
    description: 'Default public (a crawled page is public).',
  }),
}).openapi('AddPageRequest');

export const UploadSchema = z
  .object({
    id: Ulid,
    filename: z.string(),
    media_type: z.enum(['text/plain', 'text/markdown', 'text/html']),
    byte_size: z.number().int(),
    title: z.string(),
    audience: AudienceSchema,
    chunk_count: z.number().int(),
    created_at: DateTime,
  })
  .openapi('Upload');

export function uploadJson(u: Upload, chunkCount: number) {
  return {
    id: u.id,
    filename: u.filename,
    media_type: u.media_type,
    byte_size: u.byte_size,
    title: u.title,
    audience: u.audience,
    chunk_count: chunkCount,
    created_at: u.created_at.toISOString(),
  };
}

const FileField = z
  .custom<File>((v) => v instanceof File, { message: 'file must be a file part' })
  .openapi({
    type: 'string',
    format: 'binary',
    description: 'text/plain, text/markdown or text/html; at most 2 MiB.',
  });

const UploadForm = strictObject({
  file: FileField,
  audience: AudienceSchema.default('internal').openapi({
    description: 'Default internal: a file is shown to no reader until its audience is widened.',
  }),
  title: z.string().trim().min(1).max(500).optional().openapi({ description: 'Default: the file name.' }),
}).openapi('AddUploadForm');

export const addPage = createRoute({
  operationId: 'addPage',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/pages',
  tags: [CONTENT_TAG],
  summary: 'Add a crawled page to the index',
  description:
    'The HTML is parsed and split at h1-h3 into chunks (anchors from heading ids or slugs). The URL without ' +
    'fragment is the key: adding it again replaces the page and its chunks (200). 422 invalid_page_url for ' +
    `anything but an http(s) URL of at most 2048 characters without credentials. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(AddPageRequest, {
      url: 'https://acme.example.com/help/shipping',
      title: 'Shipping times',
      html: '<h1 id="shipping">Shipping times</h1><p>Orders leave our warehouse within one working day.</p><h2 id="abroad">Abroad</h2><p>Allow 5 to 8 working days outside the EU.</p>',
    }),
  },
  responses: {
    200: {
      description: 'Replaced the page of this URL.',
      content: json(z.object({ data: PageSchema }), { data: { ...examplePage, updated_at: EXAMPLE_LATER } }),
    },
    201: { description: 'Added.', content: json(z.object({ data: PageSchema }), { data: examplePage }) },
    ...errorResponses(401, 403, 413, 415, 422),
  },
});

export const addUpload = createRoute({
  operationId: 'addUpload',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/uploads',
  tags: [CONTENT_TAG],
  summary: 'Upload a file to the index',
  description:
    'multipart/form-data with `file` (text/plain whole, text/markdown split like articles, text/html like ' +
    'pages; decoded as UTF-8) and `audience`. Only the extracted text is kept. 413 above 2 MiB, 415 ' +
    'unsupported_upload_type for other types (PDF included), 422 upload_has_no_text for a file without text. ' +
    CONTENT_PERMISSION,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: UploadForm,
          // A file part's example is the local file the curl attaches (`-F file=@...`).
          example: { file: 'refund-policy.md', audience: 'customers', title: 'Refund policy' },
          encoding: { file: { contentType: 'text/markdown' } },
        },
      },
    },
  },
  responses: {
    201: {
      description: 'Added and indexed.',
      content: json(z.object({ data: UploadSchema }), {
        data: {
          id: EXAMPLE_ID.uploadId,
          filename: 'refund-policy.md',
          media_type: 'text/markdown',
          byte_size: 1834,
          title: 'Refund policy',
          audience: 'customers',
          chunk_count: 3,
          created_at: EXAMPLE_TIME,
        },
      }),
    },
    ...errorResponses(401, 403, 413, 415, 422),
  },
});
