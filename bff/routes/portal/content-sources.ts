import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { addPage, pageJson } from '../../../server-core/content/add-page';
import { addUpload, MAX_UPLOAD_BYTES, uploadJson } from '../../../server-core/content/add-upload';
import { UPLOAD_MEDIA_TYPES, type UploadMediaType } from '../../../server-core/content/upload-document';
import { DomainError } from '../../../server-core/lib/errors';
import type { AppEnv } from '../../env';
import { limitBody } from '../../middleware/body';
import { errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { AddPageRequest, AudienceSchema, PageSchema, UploadSchema } from '../content-schemas';
import { portalApi } from '../guards';
import { portalCtx } from './portal-ctx';

const TAG = 'Portal: content';
const security = [{ portalSession: [] }];
const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });
const params = z.object({ workspaceId: ulidParam('workspaceId') });
const PERMISSION = 'Permission `content.manage`.';

/** The upload path takes multipart bodies up to its own cap (the app's JSON rules and 1 MiB limit skip it). */
export const isUploadPath = (path: string) => /^\/api\/v1\/workspaces\/[^/]+\/uploads\/?$/.test(path);
/** Room for the multipart envelope and the other fields around a file of the largest size. */
const UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

const EXTENSIONS: Record<string, UploadMediaType> = {
  txt: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
};

/** The file's media type: as sent, or from the extension when the sender said nothing useful; else 415. */
export function uploadMediaType(file: File): UploadMediaType {
  let type = file.type.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/x-markdown') type = 'text/markdown';
  if (type === '' || type === 'application/octet-stream') {
    type = EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? type;
  }
  if ((UPLOAD_MEDIA_TYPES as readonly string[]).includes(type)) return type as UploadMediaType;
  throw new DomainError(
    'unsupported_upload_type',
    415,
    'Upload text/plain, text/markdown or text/html files.',
    {
      media_type: type || null,
      supported: UPLOAD_MEDIA_TYPES,
    },
  );
}

const requireMultipart: MiddlewareHandler<AppEnv> = async function requireMultipart(c, next) {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') {
    throw new DomainError('unsupported_media_type', 415, 'Send the file as multipart/form-data.', {
      content_type: type || null,
    });
  }
  await next();
};

const FileField = z
  .custom<File>((v) => v instanceof File, { message: 'file must be a file part' })
  .openapi({
    type: 'string',
    format: 'binary',
    description: 'text/plain, text/markdown or text/html; at most 2 MiB.',
  });

const UploadForm = z
  .object({
    file: FileField,
    audience: AudienceSchema.default('internal').openapi({
      description: 'Default internal: a file is shown to no reader until its audience is widened.',
    }),
    title: z.string().trim().min(1).max(500).optional().openapi({ description: 'Default: the file name.' }),
  })
  .openapi('AddUploadForm');

export function registerContentSourceRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });
  const deps = { embedder: services.embedder };

  app.openapi(
    createRoute({
      operationId: 'addPage',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/pages',
      tags: [TAG],
      summary: 'Add a crawled page to the index',
      description:
        'The HTML is parsed and split at h1-h3 into chunks (anchors from heading ids or slugs). The URL without ' +
        'fragment is the key: adding it again replaces the page and its chunks (200). 422 invalid_page_url for ' +
        `anything but an http(s) URL of at most 2048 characters without credentials. ${PERMISSION}`,
      security,
      middleware: guard,
      request: {
        params,
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: { required: true, content: json(AddPageRequest) },
      },
      responses: {
        200: { description: 'Replaced the page of this URL.', content: json(z.object({ data: PageSchema })) },
        201: { description: 'Added.', content: json(z.object({ data: PageSchema })) },
        ...errorResponses(401, 403, 413, 415, 422),
      },
    }),
    async (c) => {
      const result = await addPage(portalCtx(c, services), c.req.valid('json'), deps);
      return c.json({ data: pageJson(result.page, result.chunkCount) }, result.created ? 201 : 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'addUpload',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/uploads',
      tags: [TAG],
      summary: 'Upload a file to the index',
      description:
        'multipart/form-data with `file` (text/plain whole, text/markdown split like articles, text/html like ' +
        'pages; decoded as UTF-8) and `audience`. Only the extracted text is kept. 413 above 2 MiB, 415 ' +
        'unsupported_upload_type for other types (PDF included), 422 upload_has_no_text for a file without text. ' +
        PERMISSION,
      security,
      middleware: [limitBody(UPLOAD_BODY_BYTES), ...guard, requireMultipart],
      request: {
        params,
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: { required: true, content: { 'multipart/form-data': { schema: UploadForm } } },
      },
      responses: {
        201: { description: 'Added and indexed.', content: json(z.object({ data: UploadSchema })) },
        ...errorResponses(401, 403, 413, 415, 422),
      },
    }),
    async (c) => {
      const form = c.req.valid('form');
      const file = form.file;
      const mediaType = uploadMediaType(file);
      if (file.size > MAX_UPLOAD_BYTES) {
        throw new DomainError('payload_too_large', 413, `An upload is at most ${MAX_UPLOAD_BYTES} bytes.`, {
          max_bytes: MAX_UPLOAD_BYTES,
        });
      }
      const text = new TextDecoder('utf-8').decode(await file.arrayBuffer());
      const filename = file.name.slice(0, 255) || 'upload';
      const result = await addUpload(
        portalCtx(c, services),
        {
          filename,
          mediaType,
          byteSize: file.size,
          text,
          title: form.title ?? filename,
          audience: form.audience,
        },
        deps,
      );
      return c.json({ data: uploadJson(result.upload, result.chunkCount) }, 201);
    },
  );
}
