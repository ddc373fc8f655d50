import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Embedder } from '../retrieval/types';
import { ARTICLE_COLUMNS, type Article } from './article';
import { articleDocument } from './article-document';
import { articleAudience } from './audience';
import { announcePublished } from './content-events';

/**
 * Publishes an article: status published, indexed, content.published and an audit entry, all in one
 * transaction. Publishing a published article changes nothing and announces nothing (`changed` false).
 */
export async function publishArticle(
  ctx: Ctx,
  articleId: string,
  deps: { embedder: Embedder },
): Promise<{ article: Article; changed: boolean }> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const [current] = await db.query<Article>(
      `select ${ARTICLE_COLUMNS} from articles where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, articleId],
    );
    if (!current) throw notFound('article');
    if (current.status === 'published') return { article: current, changed: false };
    const [row] = await db.query<Article>(
      `update articles set status = 'published', published_at = $3, approved_by = $4, updated_at = $3
       where workspace_id = $1 and id = $2 returning ${ARTICLE_COLUMNS}`,
      [ctx.workspaceId, articleId, now, ctx.actor.type === 'user' ? ctx.actor.id : current.approved_by],
    );
    await replaceSourceChunks(tctx, articleDocument(row!), deps.embedder);
    await announcePublished(tctx, {
      type: 'article',
      id: articleId,
      audience: articleAudience(row!.access_level),
      at: now,
    });
    return { article: row!, changed: true };
  });
}
