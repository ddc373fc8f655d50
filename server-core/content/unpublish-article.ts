import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { removeSourceChunks } from '../retrieval/replace-source-chunks';
import { ARTICLE_COLUMNS, type Article } from './article';
import { articleAudience } from './audience';
import { announceRetracted } from './content-events';

/**
 * Unpublishes an article: back to draft, its chunks removed, content.retracted and an audit entry, in
 * one transaction. An article that is not published is returned unchanged and nothing is announced.
 */
export async function unpublishArticle(
  ctx: Ctx,
  articleId: string,
): Promise<{ article: Article; changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const [current] = await db.query<Article>(
      `select ${ARTICLE_COLUMNS} from articles where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, articleId],
    );
    if (!current) throw notFound('article');
    if (current.status !== 'published') return { article: current, changed: false };
    const [row] = await db.query<Article>(
      `update articles set status = 'draft', published_at = null, updated_at = $3
       where workspace_id = $1 and id = $2 returning ${ARTICLE_COLUMNS}`,
      [ctx.workspaceId, articleId, now],
    );
    await removeSourceChunks(tctx, 'article', articleId);
    await announceRetracted(tctx, {
      type: 'article',
      id: articleId,
      audience: articleAudience(current.access_level),
      at: now,
    });
    return { article: row!, changed: true };
  });
}
