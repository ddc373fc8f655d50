import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { removeSourceChunks, replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Audience, Embedder, SourceDocument } from '../retrieval/types';
import { announce, type ContentType } from './content-events';

/** What publishing needs to know of one kind of content (articles, guides). */
export interface PublicationKind<T extends { status: string }> {
  type: ContentType;
  /** The row, locked for the transaction, or null when this workspace has none with this id. */
  lock(db: Sql, workspaceId: string, id: string): Promise<T | null>;
  /** Writes the new status (published, or back to draft) and returns the row as it now is. */
  write(ctx: Ctx, current: T, published: boolean, now: Date): Promise<T>;
  document(row: T): SourceDocument;
  audience(row: T): Audience;
}

/**
 * Publishes (indexes, content.published) or unpublishes (chunks removed, content.retracted) one piece
 * of content, with its audit entry, in one transaction. Asking for the state it is already in changes
 * nothing and announces nothing (`changed` false).
 */
export async function setPublication<T extends { status: string }>(
  ctx: Ctx,
  kind: PublicationKind<T>,
  id: string,
  target: { published: true; embedder: Embedder } | { published: false },
): Promise<{ row: T; changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await kind.lock(db, ctx.workspaceId, id);
    if (!current) throw notFound(kind.type);
    if ((current.status === 'published') === target.published) return { row: current, changed: false };
    const row = await kind.write(tctx, current, target.published, now);
    // The audience announced is the one readers had: the new row's on publish, the old one's on retraction.
    const audience = kind.audience(target.published ? row : current);
    if (target.published) await replaceSourceChunks(tctx, kind.document(row), target.embedder);
    else await removeSourceChunks(tctx, kind.type, id);
    await announce(tctx, target.published ? 'published' : 'retracted', {
      type: kind.type,
      id,
      audience,
      at: now,
    });
    return { row, changed: true };
  });
}
