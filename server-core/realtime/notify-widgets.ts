import type { Sql } from '../db/db';

/** The Postgres channel every BFF node listens on to fan realtime messages out to its widget sockets. */
export const WIDGET_REALTIME_CHANNEL = 'widget_realtime';

/** A message to widgets (docs/decisions/experiences.md, Realtime). */
export type WidgetMessage =
  | { type: 'experience.unpublished'; experience_id: string }
  | { type: 'program.item'; experience_id: string; session_id: string; item_id: string; state: string }
  | { type: 'session.ended'; session_id: string; end_reason: string }
  // Conversations (docs/decisions/conversations.md, Realtime): ids only, the widget fetches the rest.
  | { type: 'conversation.message'; conversation_id: string; message_id: string }
  | { type: 'conversation.updated'; conversation_id: string };

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

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;

/**
 * A NOTIFY payload read back by a node, or null when it is not an envelope notifyWidgets wrote (not JSON,
 * no workspace, a visitor or contact that is not an id, a message without a type). The message itself is
 * passed on as written: only notifyWidgets publishes on the channel.
 */
export function parseRealtimeEnvelope(payload: string): RealtimeEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { w, v, c, m } = value as Record<string, unknown>;
  if (!isId(w) || (v !== undefined && !isId(v)) || (c !== undefined && !isId(c))) return null;
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return null;
  if (typeof (m as { type?: unknown }).type !== 'string') return null;
  const envelope: RealtimeEnvelope = { w, m: m as WidgetMessage };
  if (v) envelope.v = v;
  if (c) envelope.c = c;
  return envelope;
}
