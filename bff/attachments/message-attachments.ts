import { attachmentsOfMessages } from '../../server-core/attachments/attachment';
import type { AuthoredMessage } from '../../server-core/conversations/conversation';
import type { WidgetAttachmentJson } from '../contract/widget-attachments';
import { widgetAttachmentJson } from '../contract/widget-attachments';
import type { Services } from '../services';
import { staffDownloadUrl, widgetAttachmentView } from './download-links';

/** Looks up the attachments of some messages: message id → its attachment as the given side sees it. */
async function attachmentViews(
  services: Services,
  workspaceId: string,
  messages: readonly AuthoredMessage[],
  side: 'widget' | 'staff',
): Promise<(m: AuthoredMessage) => WidgetAttachmentJson | null> {
  const ids = messages.filter((m) => m.kind === 'attachment').map((m) => m.id);
  const found = await attachmentsOfMessages(services.db, workspaceId, ids);
  return (m) => {
    const a = found.get(m.id);
    if (!a) return null;
    // A clean file only: the widget's link is signed, the staff link needs the session.
    return side === 'widget'
      ? widgetAttachmentView(services, a)
      : widgetAttachmentJson(a, a.status === 'clean' ? staffDownloadUrl(services, a) : null);
  };
}

/** Wraps a message shaper so messages of kind attachment carry their attachment (null for text). */
export async function withAttachments<T extends { attachment: WidgetAttachmentJson | null }>(
  services: Services,
  workspaceId: string,
  messages: readonly AuthoredMessage[],
  side: 'widget' | 'staff',
  shape: (m: AuthoredMessage) => T,
): Promise<(m: AuthoredMessage) => T> {
  const view = await attachmentViews(services, workspaceId, messages, side);
  return (m) => ({ ...shape(m), attachment: view(m) });
}
