import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { notifyStaff } from '../realtime/notify-staff';
import type { WidgetAudience } from '../realtime/notify-widgets';
import { CONVERSATION_COLUMNS, type Conversation } from './conversation';

/**
 * The conversation, locked for the rest of the transaction `db`; not_found when it is not the workspace's.
 * Every staff write locks first, so this is where the console hears of them (notifyStaff, sent at commit;
 * a write that changes nothing costs a re-read).
 */
export async function lockConversation(db: Sql, workspaceId: string, id: string): Promise<Conversation> {
  const [row] = await db.query<Conversation>(
    `select ${CONVERSATION_COLUMNS} from conversations where workspace_id = $1 and id = $2 for update`,
    [workspaceId, id],
  );
  if (!row) throw notFound('conversation');
  await notifyStaff(db, workspaceId, id);
  return row;
}

/** The widgets that hear of a conversation: the visitor who started it and its contact's browsers. */
export function conversationAudience(
  workspaceId: string,
  c: Pick<Conversation, 'widget_visitor_id' | 'contact_id'>,
): WidgetAudience {
  return { workspaceId, visitorId: c.widget_visitor_id, contactId: c.contact_id };
}
