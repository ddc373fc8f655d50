import { createHash } from 'node:crypto';
import type { Ctx } from '../context';
import { checkVisitorChatRate } from '../conversations/chat-rate';
import { appendMessage, loadVisitorConversation } from '../conversations/visitor-conversation';
import { type FileStore, fileKey } from '../files/file-store';
import { enqueueJob } from '../jobs/jobs';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { ATTACHMENT_COLUMNS, type Attachment } from './attachment';
import { sanitizeAttachmentName } from './attachment-name';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from './attachment-types';
import { SCAN_ATTACHMENT_JOB, SCAN_MAX_ATTEMPTS } from './scan-attachment';
import { sniffAttachmentType } from './sniff-attachment-type';

/** Uploads a visitor may send a minute, over all their conversations. */
export const UPLOADS_PER_MINUTE = 10;

export interface UploadInput {
  visitor: { id: string; contactId: string | null };
  conversationId: string;
  /** The name the sender gave (only its last segment is kept, sanitised). */
  name: string;
  bytes: Uint8Array;
}

export interface UploadResult {
  message: { id: string; created_at: Date; body: string };
  attachment: Attachment;
}

/**
 * A visitor's file into one of their conversations: at most ATTACHMENT_MAX_BYTES, one of the five types
 * by its content (415 unsupported_attachment_type otherwise, whatever its name says), stored under a key
 * the service makes, then a message of kind attachment (appendMessage: its events and frames) and the
 * attachment row in `scanning`, with the scan job, in one transaction. The file is written before the
 * transaction and removed again when it fails. Nobody can download it until the scan says clean.
 */
export async function uploadVisitorAttachment(
  ctx: Ctx,
  deps: { store: FileStore; limiter: RateLimiter },
  input: UploadInput,
): Promise<UploadResult> {
  const decision = await deps.limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `visitor-upload:${input.visitor.id}`,
      rule: { limit: UPLOADS_PER_MINUTE, windowMs: 60_000 },
    },
  ]);
  if (!decision.allowed)
    throw rateLimited(decision, `At most ${UPLOADS_PER_MINUTE} uploads a minute per visitor.`);
  // An upload is also one of the visitor's chat writes (docs/decisions/conversations.md, Rate limits).
  await checkVisitorChatRate(ctx, deps.limiter, input.visitor.id);
  const conversation = await loadVisitorConversation(ctx, {
    visitorId: input.visitor.id,
    contactId: input.visitor.contactId,
    conversationId: input.conversationId,
  });
  if (input.bytes.length > ATTACHMENT_MAX_BYTES) {
    throw new DomainError(
      'payload_too_large',
      { max_bytes: ATTACHMENT_MAX_BYTES },
      `An attachment is at most ${ATTACHMENT_MAX_BYTES} bytes.`,
    );
  }
  const type = sniffAttachmentType(input.bytes);
  if (!type) throw new DomainError('unsupported_attachment_type', { supported: ATTACHMENT_TYPES });
  const now = ctx.clock.now();
  const id = newId(now);
  const key = fileKey(ctx.workspaceId, id);
  const name = sanitizeAttachmentName(input.name, type);
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');
  await deps.store.put(key, input.bytes);
  try {
    return await ctx.db.tx(async (db) => {
      const inTx = { ...ctx, db };
      const message = await appendMessage(inTx, {
        conversationId: conversation.id,
        direction: 'in',
        authorType: 'contact',
        authorId: input.visitor.contactId ?? input.visitor.id,
        kind: 'attachment',
        body: name,
      });
      const [attachment] = await db.query<Attachment>(
        `insert into conversation_attachments (workspace_id, id, conversation_id, message_id, name, type, size,
           sha256, status, storage_key, uploaded_by_type, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, 'scanning', $9, 'visitor', $10)
         returning ${ATTACHMENT_COLUMNS}`,
        [ctx.workspaceId, id, conversation.id, message.id, name, type, input.bytes.length, sha256, key, now],
      );
      await enqueueJob(
        db,
        {
          kind: SCAN_ATTACHMENT_JOB,
          workspaceId: ctx.workspaceId,
          payload: { attachment_id: id },
          dedupeKey: `scan-attachment:${id}`,
          maxAttempts: SCAN_MAX_ATTEMPTS,
        },
        now,
      );
      return { message: { ...message, body: name }, attachment: attachment! };
    });
  } catch (err) {
    await deps.store.delete(key).catch(() => {});
    throw err;
  }
}
