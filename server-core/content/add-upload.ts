import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Audience, Embedder } from '../retrieval/types';
import { type UploadMediaType, uploadDocument, uploadSections } from './upload-document';

/** The largest file an upload takes (2 MiB); above it 413. */
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

export function uploadJson(u: Upload, chunkCount: number) {
  return {
    id: u.id,
    filename: u.filename,
    media_type: u.media_type,
    byte_size: u.byte_size,
    title: u.title,
    audience: u.audience,
    chunk_count: chunkCount,
    created_at: u.created_at.toISOString(),
  };
}

/**
 * Adds an uploaded file and indexes it, in one transaction. Only the extracted text is kept (sections
 * as plain text), never the bytes. A file without any text is 422 upload_has_no_text.
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
    throw new DomainError('payload_too_large', 413, `An upload is at most ${MAX_UPLOAD_BYTES} bytes.`, {
      max_bytes: MAX_UPLOAD_BYTES,
    });
  }
  const sections = uploadSections(input.mediaType, input.text);
  const text = sections
    .map((s) => [s.heading, s.text].filter(Boolean).join('\n\n'))
    .filter(Boolean)
    .join('\n\n');
  if (!text.trim()) {
    throw new DomainError('upload_has_no_text', 422, 'The file holds no text to index.', { field: 'file' });
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
