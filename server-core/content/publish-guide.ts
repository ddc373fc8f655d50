import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Embedder } from '../retrieval/types';
import { guideAudience } from './audience';
import { announcePublished } from './content-events';
import { type Guide, loadGuide } from './guide';
import { guideDocument } from './guide-document';

/**
 * Publishes a guide (from draft or archived): indexed one chunk per step, content.published and an
 * audit entry, in one transaction. A published guide is returned unchanged and nothing is announced.
 */
export async function publishGuide(
  ctx: Ctx,
  guideId: string,
  deps: { embedder: Embedder },
): Promise<{ guide: Guide; changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadGuide(db, ctx.workspaceId, guideId, true);
    if (!current) throw notFound('guide');
    if (current.status === 'published') return { guide: current, changed: false };
    await db.query(
      `update guides set status = 'published', published_at = $3, updated_at = $3 where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, guideId, now],
    );
    const guide = { ...current, status: 'published' as const, published_at: now, updated_at: now };
    await replaceSourceChunks(tctx, guideDocument(guide), deps.embedder);
    await announcePublished(tctx, {
      type: 'guide',
      id: guideId,
      audience: guideAudience(guide.share_mode),
      at: now,
    });
    return { guide, changed: true };
  });
}
