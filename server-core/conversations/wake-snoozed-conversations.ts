import type { Sql } from '../db/db';
import { notifyWidgets } from '../realtime/notify-widgets';

/**
 * The worker's sweep (every workspace): snoozed conversations whose time came are open again, and their
 * widgets hear `conversation.updated`. Returns how many woke.
 */
export async function wakeSnoozedConversations(db: Sql, now: Date): Promise<number> {
  return db.tx(async (tx) => {
    const woken = await tx.query<{
      workspace_id: string;
      id: string;
      widget_visitor_id: string | null;
      contact_id: string | null;
    }>(
      `update conversations set state = 'open', snoozed_until = null, updated_at = $1
       where state = 'snoozed' and snoozed_until <= $1
       returning workspace_id, id, widget_visitor_id, contact_id`,
      [now],
    );
    for (const c of woken) {
      await notifyWidgets(
        tx,
        { workspaceId: c.workspace_id, visitorId: c.widget_visitor_id, contactId: c.contact_id },
        { type: 'conversation.updated', conversation_id: c.id },
      );
    }
    return woken.length;
  });
}
