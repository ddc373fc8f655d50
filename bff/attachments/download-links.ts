import type { Attachment } from '../../server-core/attachments/attachment';
import { signDownload } from '../../server-core/attachments/download-signature';
import { type WidgetAttachmentJson, widgetAttachmentJson } from '../contract/widget-attachments';
import type { Services } from '../services';

/** The widget's signed link to a clean attachment (absolute: the widget runs on the customer's page). */
export function widgetDownloadUrl(services: Services, attachmentId: string): string {
  const { expires, signature } = signDownload(
    services.keys.attachmentDownload,
    attachmentId,
    services.clock.now(),
  );
  return `${services.config.publicUrl}/widget/attachments/${attachmentId}/download?expires=${expires}&signature=${signature}`;
}

/** The staff download path of a clean attachment (the session is the credential). */
export function staffDownloadUrl(
  services: Services,
  attachment: Pick<Attachment, 'workspace_id' | 'id'>,
): string {
  return `${services.config.publicUrl}/api/v1/workspaces/${attachment.workspace_id}/attachments/${attachment.id}/download`;
}

/** An attachment as the widget sees it, with a fresh signed link while it is clean. */
export function widgetAttachmentView(services: Services, attachment: Attachment): WidgetAttachmentJson {
  return widgetAttachmentJson(
    attachment,
    attachment.status === 'clean' ? widgetDownloadUrl(services, attachment.id) : null,
  );
}
