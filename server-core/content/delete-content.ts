import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { removeSourceChunks } from '../retrieval/replace-source-chunks';
import { ARTICLE_COLUMNS, type Article } from './article';
import { articleAudience } from './audience';
import { announce } from './content-events';

/**
 * Deleting content, each in one transaction with its audit entry. A published article is retracted
 * first (its chunks removed, content.retracted announced), so subscribers hear that readers lost it.
 */
export async function deleteArticle(ctx: Ctx, articleId: string): Promise<Article> {
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const [row] = await db.query<Article>(
      `select ${ARTICLE_COLUMNS} from articles where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, articleId],
    );
    if (!row) throw notFound('article');
    if (row.status === 'published') {
      await removeSourceChunks(tctx, 'article', row.id);
      await announce(tctx, 'retracted', {
        type: 'article',
        id: row.id,
        audience: articleAudience(row.access_level),
        at: ctx.clock.now(),
      });
    }
    await db.query('delete from articles where workspace_id = $1 and id = $2', [ctx.workspaceId, row.id]);
    await recordAudit(tctx, { action: 'article.deleted', targetType: 'article', targetId: row.id });
    return row;
  });
}

/** Deletes a collection; its articles stay, without a collection. */
export async function deleteCollection(
  ctx: Ctx,
  collectionId: string,
): Promise<{ id: string; slug: string }> {
  return ctx.db.tx(async (db) => {
    const [row] = await db.query<{ id: string; slug: string }>(
      'delete from article_collections where workspace_id = $1 and id = $2 returning id, slug',
      [ctx.workspaceId, collectionId],
    );
    if (!row) throw notFound('collection');
    await recordAudit(
      { ...ctx, db },
      { action: 'collection.deleted', targetType: 'collection', targetId: row.id },
    );
    return row;
  });
}

/** Deletes a crawled page or an upload and its chunks (retrieval stops finding it at commit). */
export async function deleteSource(ctx: Ctx, kind: 'page' | 'upload', id: string): Promise<void> {
  await ctx.db.tx(async (db) => {
    const table = kind === 'page' ? 'pages' : 'uploads';
    const rows = await db.query(`delete from ${table} where workspace_id = $1 and id = $2 returning id`, [
      ctx.workspaceId,
      id,
    ]);
    if (rows.length === 0) throw notFound(kind);
    await removeSourceChunks({ ...ctx, db }, kind, id);
    await recordAudit({ ...ctx, db }, { action: `${kind}.deleted`, targetType: kind, targetId: id });
  });
}
