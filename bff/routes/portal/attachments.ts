import type { OpenAPIHono } from '@hono/zod-openapi';
import { openWorkspaceAttachment } from '../../../server-core/attachments/open-attachment';
import { DomainError } from '../../../server-core/lib/errors';
import { attachmentResponse } from '../../attachments/download-response';
import * as attachments from '../../contract/widget-attachments';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** Staff download a clean attachment through their session (conversations.manage). */
export function registerPortalAttachmentRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'conversations.manage' });
  app.openapi({ ...attachments.downloadConversationAttachment, middleware: guard }, async (c) => {
    if (!services.files) throw new DomainError('not_found', {});
    const opened = await openWorkspaceAttachment(
      requestCtx(c, services),
      services.files,
      c.req.valid('param').attachmentId.toLowerCase(),
    );
    const { body, headers } = attachmentResponse(opened);
    return c.body(body, 200, headers);
  });
}
