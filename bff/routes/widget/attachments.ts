import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ATTACHMENT_MAX_BYTES } from '../../../server-core/attachments/attachment-types';
import { verifyDownload } from '../../../server-core/attachments/download-signature';
import { openSignedAttachment } from '../../../server-core/attachments/open-attachment';
import { uploadVisitorAttachment } from '../../../server-core/attachments/upload-attachment';
import { DomainError } from '../../../server-core/lib/errors';
import { widgetAttachmentView } from '../../attachments/download-links';
import { attachmentResponse } from '../../attachments/download-response';
import * as attachments from '../../contract/widget-attachments';
import type { AppEnv } from '../../env';
import { limitBody, requireMultipart } from '../../middleware/body';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

/** The upload path takes a multipart body up to its own cap (the app's JSON rules and 1 MiB limit skip it). */
export const isAttachmentUploadPath = (path: string) =>
  /^\/widget\/conversations\/[^/]+\/attachments\/?$/.test(path);
/** Room for the multipart envelope around a file of the largest size. */
const UPLOAD_BODY_BYTES = ATTACHMENT_MAX_BYTES + 64 * 1024;

/** A virus scanner (CLAMD_URL) and a file store are configured: attachments can be switched on. */
export const attachmentsConfigured = (services: Services) =>
  services.config.clamd !== null && services.files !== null;

/** The same gates as the boot config's `attachments.enabled`: the scanner, the store and the flag. */
const requireAttachments =
  (services: Services): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const visitor = c.get('visitor')!;
    const on =
      attachmentsConfigured(services) &&
      (await services.flags.isEnabled(visitor.workspaceId, 'feature.messaging.attachments'));
    if (!on) throw new DomainError('attachments_unavailable');
    await next();
  };

export function registerWidgetAttachmentRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(
    {
      ...attachments.widgetUploadAttachment,
      middleware: [
        limitBody(UPLOAD_BODY_BYTES),
        requireVisitor(services),
        requireAttachments(services),
        requireMultipart,
      ],
    },
    async (c) => {
      const file = c.req.valid('form').file;
      if (file.size > ATTACHMENT_MAX_BYTES) {
        throw new DomainError(
          'payload_too_large',
          { max_bytes: ATTACHMENT_MAX_BYTES },
          `An attachment is at most ${ATTACHMENT_MAX_BYTES} bytes.`,
        );
      }
      const visitor = c.get('visitor')!;
      const result = await uploadVisitorAttachment(
        requestCtx(c, services),
        { store: services.files!, limiter: services.rateLimiter },
        {
          visitor: { id: visitor.id, contactId: visitor.contactId },
          conversationId: c.req.valid('param').conversationId.toLowerCase(),
          name: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        },
      );
      return c.json(
        {
          data: attachments.uploadedMessageJson(
            result.message,
            widgetAttachmentView(services, result.attachment),
          ),
        },
        201,
      );
    },
  );

  app.openapi(attachments.widgetDownloadAttachment, async (c) => {
    const { attachmentId } = c.req.valid('param');
    const { expires, signature } = c.req.valid('query');
    const check = verifyDownload(
      services.keys.attachmentDownload,
      { attachmentId: attachmentId.toLowerCase(), expires, signature },
      services.clock.now(),
    );
    if (check !== 'valid') throw new DomainError('download_link_invalid');
    if (!services.files) throw new DomainError('not_found', {});
    const opened = await openSignedAttachment(services.db, services.files, attachmentId.toLowerCase());
    const { body, headers } = attachmentResponse(opened);
    return c.body(body, 200, headers);
  });
}
