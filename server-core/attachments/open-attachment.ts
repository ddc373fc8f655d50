import type { Readable } from 'node:stream';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import type { FileStore } from '../files/file-store';
import { notFound } from '../lib/errors';
import { ATTACHMENT_COLUMNS, type Attachment } from './attachment';

export interface OpenedAttachment {
  attachment: Attachment;
  body: Readable;
}

async function open(store: FileStore, row: Attachment | undefined): Promise<OpenedAttachment> {
  // Only a clean file is ever read: scanning and blocked ones are "not found" to everyone.
  if (row?.status !== 'clean' || !row.storage_key) throw notFound('attachment');
  const body = await store.get(row.storage_key);
  if (!body) throw notFound('attachment');
  return { attachment: row, body };
}

/**
 * A clean attachment by id alone, for the widget's signed link (the verified signature is the credential
 * and names no workspace; ids are ULIDs made by the service). Call only after verifyDownload said valid.
 */
export async function openSignedAttachment(
  db: Sql,
  store: FileStore,
  attachmentId: string,
): Promise<OpenedAttachment> {
  const [row] = await db.query<Attachment>(
    `select ${ATTACHMENT_COLUMNS} from conversation_attachments where id = $1 and status = 'clean' limit 1`,
    [attachmentId],
  );
  return open(store, row);
}

/** A clean attachment of the caller's workspace (the staff download). */
export async function openWorkspaceAttachment(
  ctx: Ctx,
  store: FileStore,
  attachmentId: string,
): Promise<OpenedAttachment> {
  const [row] = await ctx.db.query<Attachment>(
    `select ${ATTACHMENT_COLUMNS} from conversation_attachments where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, attachmentId],
  );
  return open(store, row);
}
