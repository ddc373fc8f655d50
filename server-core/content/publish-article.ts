import type { Ctx } from '../context';
import type { Embedder } from '../retrieval/types';
import { ARTICLE_COLUMNS, type Article } from './article';
import { articleDocument } from './article-document';
import { articleAudience } from './audience';
import { type PublicationKind, setPublication } from './publication';

/** Articles as publishing sees them: published_at set or cleared, the approver kept or set. */
const ARTICLES: PublicationKind<Article> = {
  type: 'article',
  async lock(db, workspaceId, id) {
    const [row] = await db.query<Article>(
      `select ${ARTICLE_COLUMNS} from articles where workspace_id = $1 and id = $2 for update`,
      [workspaceId, id],
    );
    return row ?? null;
  },
  async write(ctx, current, published, now) {
    const approver = published && ctx.actor.type === 'user' ? ctx.actor.id : current.approved_by;
    const [row] = await ctx.db.query<Article>(
      `update articles set status = $3, published_at = $4, approved_by = $5, updated_at = $6
       where workspace_id = $1 and id = $2 returning ${ARTICLE_COLUMNS}`,
      [ctx.workspaceId, current.id, published ? 'published' : 'draft', published ? now : null, approver, now],
    );
    return row!;
  },
  document: articleDocument,
  audience: (a) => articleAudience(a.access_level),
};

/**
 * Publishes an article: status published, indexed, content.published and an audit entry, all in one
 * transaction. Publishing a published article changes nothing and announces nothing (`changed` false).
 */
export async function publishArticle(
  ctx: Ctx,
  articleId: string,
  deps: { embedder: Embedder },
): Promise<{ article: Article; changed: boolean }> {
  const { row, changed } = await setPublication(ctx, ARTICLES, articleId, {
    published: true,
    embedder: deps.embedder,
  });
  return { article: row, changed };
}

/**
 * Unpublishes an article: back to draft, its chunks removed, content.retracted and an audit entry, in
 * one transaction. An article that is not published is returned unchanged and nothing is announced.
 */
export async function unpublishArticle(
  ctx: Ctx,
  articleId: string,
): Promise<{ article: Article; changed: boolean }> {
  const { row, changed } = await setPublication(ctx, ARTICLES, articleId, { published: false });
  return { article: row, changed };
}
