import type { OpenAPIHono } from '@hono/zod-openapi';
import { addPage } from '../../../server-core/content/add-page';
import { addUpload, MAX_UPLOAD_BYTES } from '../../../server-core/content/add-upload';
import { UPLOAD_MEDIA_TYPES, type UploadMediaType } from '../../../server-core/content/upload-document';
import { DomainError } from '../../../server-core/lib/errors';
import * as sources from '../../contract/content-sources';
import type { AppEnv } from '../../env';
import { limitBody, requireMultipart } from '../../middleware/body';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

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
  throw new DomainError('unsupported_upload_type', {
    media_type: type || null,
    supported: UPLOAD_MEDIA_TYPES,
  });
}

export function registerContentSourceRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'content.manage' });
  const deps = { embedder: services.embedder };

  app.openapi({ ...sources.addPage, middleware: guard }, async (c) => {
    const result = await addPage(requestCtx(c, services), c.req.valid('json'), deps);
    return c.json({ data: sources.pageJson(result.page, result.chunkCount) }, result.created ? 201 : 200);
  });

  app.openapi(
    { ...sources.addUpload, middleware: [limitBody(UPLOAD_BODY_BYTES), ...guard, requireMultipart] },
    async (c) => {
      const form = c.req.valid('form');
      const file = form.file;
      const mediaType = uploadMediaType(file);
      if (file.size > MAX_UPLOAD_BYTES) {
        throw new DomainError(
          'payload_too_large',
          { max_bytes: MAX_UPLOAD_BYTES },
          `An upload is at most ${MAX_UPLOAD_BYTES} bytes.`,
        );
      }
      const text = new TextDecoder('utf-8').decode(await file.arrayBuffer());
      const filename = file.name.slice(0, 255) || 'upload';
      const result = await addUpload(
        requestCtx(c, services),
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
      return c.json({ data: sources.uploadJson(result.upload, result.chunkCount) }, 201);
    },
  );
}
