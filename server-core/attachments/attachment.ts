import type { Sql } from '../db/db';
import type { AttachmentStatus, AttachmentType } from './attachment-types';

/** A conversation attachment as stored (018_attachments.sql). */
export interface Attachment {
  workspace_id: string;
  id: string;
  conversation_id: string;
  message_id: string;
  name: string;
  type: AttachmentType;
  size: number;
  sha256: string;
  status: AttachmentStatus;
  scan_detail: string | null;
  /** null once blocked: the file is gone. */
  storage_key: string | null;
  uploaded_by_type: 'visitor' | 'agent';
  created_at: Date;
  scanned_at: Date | null;
}

export const ATTACHMENT_COLUMNS = `workspace_id, id, conversation_id, message_id, name, type, size, sha256, status,
  scan_detail, storage_key, uploaded_by_type, created_at, scanned_at`;

/** The attachments of some messages of one workspace, by message id (a message has at most one). */
export async function attachmentsOfMessages(
  db: Sql,
  workspaceId: string,
  messageIds: readonly string[],
): Promise<Map<string, Attachment>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db.query<Attachment>(
    `select ${ATTACHMENT_COLUMNS} from conversation_attachments
     where workspace_id = $1 and message_id = any($2::text[])`,
    [workspaceId, messageIds],
  );
  return new Map(rows.map((r) => [r.message_id, r]));
}
