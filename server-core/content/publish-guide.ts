import type { Ctx } from '../context';
import type { Embedder } from '../retrieval/types';
import { guideAudience } from './audience';
import { type Guide, loadGuide } from './guide';
import { guideDocument } from './guide-document';
import { type PublicationKind, setPublication } from './publication';

/** Guides as publishing sees them: published from draft or archived, back to draft when unpublished. */
const GUIDES: PublicationKind<Guide> = {
  type: 'guide',
  lock: (db, workspaceId, id) => loadGuide(db, workspaceId, id, true),
  async write(ctx, current, published, now) {
    const status = published ? 'published' : 'draft';
    const publishedAt = published ? now : null;
    await ctx.db.query(
      'update guides set status = $3, published_at = $4, updated_at = $5 where workspace_id = $1 and id = $2',
      [ctx.workspaceId, current.id, status, publishedAt, now],
    );
    return { ...current, status, published_at: publishedAt, updated_at: now };
  },
  document: guideDocument,
  audience: (g) => guideAudience(g.share_mode),
};

/**
 * Publishes a guide (from draft or archived): indexed one chunk per step, content.published and an
 * audit entry, in one transaction. A published guide is returned unchanged and nothing is announced.
 */
export async function publishGuide(
  ctx: Ctx,
  guideId: string,
  deps: { embedder: Embedder },
): Promise<{ guide: Guide; changed: boolean }> {
  const { row, changed } = await setPublication(ctx, GUIDES, guideId, {
    published: true,
    embedder: deps.embedder,
  });
  return { guide: row, changed };
}

/**
 * Unpublishes a guide: back to draft, its chunks removed, content.retracted and an audit entry, in one
 * transaction. A guide that is not published is returned unchanged and nothing is announced.
 */
export async function unpublishGuide(ctx: Ctx, guideId: string): Promise<{ guide: Guide; changed: boolean }> {
  const { row, changed } = await setPublication(ctx, GUIDES, guideId, { published: false });
  return { guide: row, changed };
}
