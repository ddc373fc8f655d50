import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { RULE_MESSAGES, unstorableString } from '../lib/storable';
import { newId } from '../lib/ulid';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Audience, Embedder } from '../retrieval/types';
import { type UploadMediaType, uploadDocument, uploadSections } from './upload-document';

/** The largest file an upload takes (2 MiB); above it payload_too_large. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

export interface Upload {
  id: string;
  filename: string;
  media_type: UploadMediaType;
  byte_size: number;
  title: string;
  audience: Audience;
  created_at: Date;
}

/**
 * Adds an uploaded file and indexes it, in one transaction. Only the extracted text is kept (sections
 * as plain text), never the bytes. A file without any text is upload_has_no_text.
 */
export async function addUpload(
  ctx: Ctx,
  input: {
    filename: string;
    mediaType: UploadMediaType;
    byteSize: number;
    text: string;
    title: string;
    audience: Audience;
  },
  deps: { embedder: Embedder },
): Promise<{ upload: Upload; chunkCount: number }> {
  if (input.byteSize > MAX_UPLOAD_BYTES) {
    throw new DomainError(
      'payload_too_large',
      { max_bytes: MAX_UPLOAD_BYTES },
      `An upload is at most ${MAX_UPLOAD_BYTES} bytes.`,
    );
  }
  // A text file holding U+0000 is binary in disguise, and Postgres could not store its text.
  const textRule = unstorableString(input.text);
  if (textRule) {
    throw new DomainError(
      'validation_failed',
      { field: 'file', rule: textRule },
      `The file is not text: ${RULE_MESSAGES[textRule]}`,
    );
  }
  const sections = uploadSections(input.mediaType, input.text);
  const text = sections
    .map((s) => [s.heading, s.text].filter(Boolean).join('\n\n'))
    .filter(Boolean)
    .join('\n\n');
  if (!text.trim()) {
    throw new DomainError('upload_has_no_text', { field: 'file' });
  }
  const now = ctx.clock.now();
  const upload: Upload = {
    id: newId(now),
    filename: input.filename,
    media_type: input.mediaType,
    byte_size: input.byteSize,
    title: input.title,
    audience: input.audience,
    created_at: now,
  };
  return ctx.db.tx(async (db) => {
    await db.query(
      `insert into uploads (workspace_id, id, filename, media_type, byte_size, title, text, audience, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        ctx.workspaceId,
        upload.id,
        upload.filename,
        upload.media_type,
        upload.byte_size,
        upload.title,
        text,
        upload.audience,
        now,
      ],
    );
    const chunkCount = await replaceSourceChunks(
      { ...ctx, db },
      uploadDocument({ id: upload.id, title: upload.title, sections, audience: upload.audience }),
      deps.embedder,
    );
    return { upload, chunkCount };
  });
}
