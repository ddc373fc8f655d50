import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { removeSourceChunks } from '../retrieval/replace-source-chunks';
import { guideAudience } from './audience';
import { announceRetracted } from './content-events';
import { type Guide, loadGuide } from './guide';

/**
 * Unpublishes a guide: back to draft, its chunks removed, content.retracted and an audit entry, in one
 * transaction. A guide that is not published is returned unchanged and nothing is announced.
 */
export async function unpublishGuide(ctx: Ctx, guideId: string): Promise<{ guide: Guide; changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadGuide(db, ctx.workspaceId, guideId, true);
    if (!current) throw notFound('guide');
    if (current.status !== 'published') return { guide: current, changed: false };
    await db.query(
      `update guides set status = 'draft', published_at = null, updated_at = $3 where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, guideId, now],
    );
    await removeSourceChunks(tctx, 'guide', guideId);
    await announceRetracted(tctx, {
      type: 'guide',
      id: guideId,
      audience: guideAudience(current.share_mode),
      at: now,
    });
    return { guide: { ...current, status: 'draft', published_at: null, updated_at: now }, changed: true };
  });
}
