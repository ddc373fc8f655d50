import { createRoute, z } from '@hono/zod-openapi';
import type { Attachment } from '../../server-core/attachments/attachment';
import { ATTACHMENT_MAX_BYTES } from '../../server-core/attachments/attachment-types';
import { UPLOADS_PER_MINUTE } from '../../server-core/attachments/upload-attachment';
import { errorResponses } from '../openapi/schemas';
import { json, ulidParam } from './common';
import { EXAMPLE_DOWNLOAD, EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { PORTAL_SESSION, VISITOR_TOKEN, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';
import { type WidgetAttachment, WidgetMessage } from './widget-conversations';
import { WIDGET_TAG } from './widget-install';

/** Conversation attachments: the widget's upload and download, the staff download (docs/decisions/attachments.md). */

export type WidgetAttachmentJson = z.output<typeof WidgetAttachment>;

/** An attachment as the widget (and staff) see it; `downloadUrl` is made by the caller, used only while clean. */
export function widgetAttachmentJson(a: Attachment, downloadUrl: string | null): WidgetAttachmentJson {
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    size: a.size,
    status: a.status,
    download_url: a.status === 'clean' ? downloadUrl : null,
  };
}

/** The message of kind attachment an upload answers with (a WidgetMessage, as widgetGetConversation lists it). */
export function uploadedMessageJson(
  message: { id: string; created_at: Date; body: string },
  attachment: WidgetAttachmentJson,
): z.output<typeof WidgetMessage> {
  return {
    id: message.id,
    direction: 'in',
    author_type: 'contact',
    author_name: null,
    kind: 'attachment',
    body: message.body,
    attachment,
    created_at: message.created_at.toISOString(),
  };
}

const FileField = z
  .custom<File>((v) => v instanceof File, { message: 'file must be a file part' })
  .openapi({
    type: 'string',
    format: 'binary',
    description: `PNG, JPEG, GIF, WebP or PDF by its content; at most ${ATTACHMENT_MAX_BYTES} bytes.`,
  });

const UploadForm = strictObject({ file: FileField }).openapi('WidgetUploadAttachmentForm');

const MB = ATTACHMENT_MAX_BYTES / 1024 / 1024;

export const widgetUploadAttachment = createRoute({
  operationId: 'widgetUploadAttachment',
  method: 'post',
  path: '/widget/conversations/{conversationId}/attachments',
  tags: [WIDGET_TAG],
  summary: 'Attach a file to one of the visitor’s conversations',
  description:
    'multipart/form-data with one part `file`. The file is stored, a message of kind attachment is added ' +
    '(status `scanning`), and a virus scan runs in the background; when it settles the widget gets the ' +
    'realtime frame conversation.updated and fetches the conversation again (clean: a download_url; ' +
    `blocked: never downloadable). 503 attachments_unavailable while the boot config says attachments are ` +
    `off (feature.messaging.attachments off, or no scanner configured); 413 payload_too_large above ${MB} MiB; ` +
    '415 unsupported_attachment_type when the content is not PNG, JPEG, GIF, WebP or PDF (the name and the ' +
    `type sent are ignored); 404 for a conversation that is not the visitor’s; 429 above ${UPLOADS_PER_MINUTE} uploads a minute.`,
  security: VISITOR_TOKEN,
  request: {
    params: z.object({ conversationId: ulidParam('conversationId') }),
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: UploadForm,
          example: { file: 'receipt.pdf' },
          encoding: { file: { contentType: 'application/pdf' } },
        },
      },
    },
  },
  responses: {
    201: {
      description: 'Stored; the scan is running.',
      content: json(z.object({ data: WidgetMessage }), {
        data: {
          id: EXAMPLE_ID.messageId,
          direction: 'in',
          author_type: 'contact',
          author_name: null,
          kind: 'attachment',
          body: 'receipt.pdf',
          attachment: {
            id: EXAMPLE_ID.attachmentId,
            name: 'receipt.pdf',
            type: 'application/pdf',
            size: 48213,
            status: 'scanning',
            download_url: null,
          },
          created_at: EXAMPLE_TIME,
        },
      }),
    },
    ...errorResponses(401, 404, 413, 415, 422, 429, 503),
  },
});

const DownloadQuery = strictObject({
  expires: z
    .string()
    .max(20)
    .openapi({ description: 'Unix seconds, as in download_url.', example: EXAMPLE_DOWNLOAD.expires }),
  signature: z.string().max(100).openapi({
    description: 'As in download_url.',
    example: EXAMPLE_DOWNLOAD.signature,
  }),
});

const fileContent = {
  'application/octet-stream': {
    schema: { type: 'string' as const, format: 'binary' },
    example: '(the file)',
  },
};

const DOWNLOAD_HEADERS =
  'Content-Type is the type found at upload; Content-Disposition `inline` for images, `attachment` for ' +
  "PDFs (with the file's name); X-Content-Type-Options: nosniff; Content-Security-Policy: default-src " +
  "'none'; sandbox; Cache-Control: private, no-store.";

export const widgetDownloadAttachment = createRoute({
  operationId: 'widgetDownloadAttachment',
  method: 'get',
  path: '/widget/attachments/{attachmentId}/download',
  tags: [WIDGET_TAG],
  summary: 'Download a clean attachment through its signed link',
  description:
    'The link from WidgetAttachment.download_url; no visitor token: the signature is the credential (HMAC ' +
    'under a key derived for this purpose only, compared in constant time) and it works for 15 minutes. ' +
    '403 download_link_invalid for a forged, tampered or expired link (checked before anything is looked up); ' +
    `404 for a file that is not clean (scanning, blocked or deleted). ${DOWNLOAD_HEADERS}`,
  security: [],
  request: {
    params: z.object({ attachmentId: ulidParam('attachmentId') }),
    query: DownloadQuery,
  },
  responses: {
    200: { description: 'The file.', content: fileContent },
    ...errorResponses(403, 404, 422),
  },
});

export const downloadConversationAttachment = createRoute({
  operationId: 'downloadConversationAttachment',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/attachments/{attachmentId}/download',
  tags: ['Conversations'],
  summary: 'Download a clean attachment (staff)',
  description:
    'For a member with conversations.manage, through the session (the cookie is the credential; no signed ' +
    'query). A file that is still being scanned, or was blocked, is 404: staff never see a file before it ' +
    `is clean. ${DOWNLOAD_HEADERS}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ attachmentId: ulidParam('attachmentId') }),
  },
  responses: {
    200: { description: 'The file.', content: fileContent },
    ...errorResponses(401, 403, 404),
  },
});
