import type { Sql } from '../db/db';

/** The Postgres channel every BFF node listens on to fan realtime messages out to its widget sockets. */
export const WIDGET_REALTIME_CHANNEL = 'widget_realtime';

/** A message to widgets (docs/decisions/experiences.md, Realtime). */
export type WidgetMessage =
  | { type: 'experience.unpublished'; experience_id: string }
  | { type: 'program.item'; experience_id: string; session_id: string; item_id: string; state: string }
  | { type: 'session.ended'; session_id: string; end_reason: string };

/**
 * Who receives it: every widget of the workspace, or one visitor's widgets plus those of every visitor
 * identified as the same contact (another browser of the same person).
 */
export interface WidgetAudience {
  workspaceId: string;
  visitorId?: string | null;
  contactId?: string | null;
}

/** The NOTIFY payload: short keys, since Postgres caps a payload at 8,000 bytes. */
export interface RealtimeEnvelope {
  w: string;
  v?: string;
  c?: string;
  m: WidgetMessage;
}

/**
 * Sends a message to widgets on every node. Inside a transaction it goes out at commit, so a widget never
 * hears of a change that was rolled back.
 */
export async function notifyWidgets(db: Sql, to: WidgetAudience, message: WidgetMessage): Promise<void> {
  const envelope: RealtimeEnvelope = { w: to.workspaceId, m: message };
  if (to.visitorId) envelope.v = to.visitorId;
  if (to.contactId) envelope.c = to.contactId;
  await db.notify(WIDGET_REALTIME_CHANNEL, JSON.stringify(envelope));
}
