import { createHash } from 'node:crypto';
import type { Sql } from '../db/db';
import { DAY } from '../lib/clock';

/** How long a Message-ID is remembered: far beyond any provider's retries. */
const KEPT_MS = 30 * DAY;

export interface FirstDelivery {
  conversation_id: string;
  message_id: string;
  attachments: number;
}

/**
 * The key of a mail's Message-ID (RFC 5322 3.6.4, compared as sent, angle brackets and spaces trimmed), or
 * null when the mail has none or an empty one: such mail is never deduplicated.
 */
export function messageIdKey(messageId: string | undefined): string | null {
  const id = messageId?.trim().replace(/^<\s*|\s*>$/g, '');
  if (!id) return null;
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/** The delivery of this Message-ID into this workspace, if there was one. */
export async function findFirstDelivery(
  db: Sql,
  workspaceId: string,
  key: string,
): Promise<FirstDelivery | null> {
  const [row] = await db.query<FirstDelivery>(
    `select conversation_id, message_id, attachments from inbound_mail_received
     where workspace_id = $1 and message_id_hash = $2`,
    [workspaceId, key],
  );
  return row ?? null;
}

/**
 * Claims the Message-ID for this delivery inside its transaction. False when another delivery holds it
 * (a concurrent one waits for the first to commit, then finds it here).
 */
export async function claimMessageId(
  db: Sql,
  workspaceId: string,
  key: string,
  delivery: FirstDelivery,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `insert into inbound_mail_received
       (workspace_id, message_id_hash, conversation_id, message_id, attachments, received_at)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning message_id`,
    [workspaceId, key, delivery.conversation_id, delivery.message_id, delivery.attachments, now],
  );
  return rows.length > 0;
}

export async function purgeOldInboundMailIds(db: Sql, now: Date): Promise<number> {
  const rows = await db.query(
    `delete from inbound_mail_received where (workspace_id, message_id_hash) in (
       select workspace_id, message_id_hash from inbound_mail_received where received_at < $1 limit 1000)
     returning message_id`,
    [new Date(now.getTime() - KEPT_MS)],
  );
  return rows.length;
}
