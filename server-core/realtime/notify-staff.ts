import type { Sql } from '../db/db';

/** The Postgres channel of the staff console's live inbox (docs/decisions/console-operations.md, Live inbox). */
export const STAFF_REALTIME_CHANNEL = 'staff_realtime';

/** What a staff socket is told: a conversation changed (ids only; the console reads the rest). */
export interface StaffFrame {
  type: 'conversation.changed';
  conversation_id: string;
}

/**
 * Tells the workspace's console sockets on every node that a conversation changed: a message of any
 * direction (notes included), a new conversation, or a staff write. Inside a transaction it goes out at commit.
 */
export async function notifyStaff(db: Sql, workspaceId: string, conversationId: string): Promise<void> {
  await db.notify(STAFF_REALTIME_CHANNEL, JSON.stringify({ w: workspaceId, c: conversationId }));
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;

/** A NOTIFY payload read back: the workspace and the frame, or null when it is not one notifyStaff wrote. */
export function parseStaffNotice(payload: string): { workspaceId: string; frame: StaffFrame } | null {
  try {
    const v = JSON.parse(payload) as { w?: unknown; c?: unknown } | null;
    if (!v || !isId(v.w) || !isId(v.c)) return null;
    return { workspaceId: v.w, frame: { type: 'conversation.changed', conversation_id: v.c } };
  } catch {
    return null;
  }
}
