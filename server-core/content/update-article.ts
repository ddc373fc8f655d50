import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { replaceSourceChunks } from '../retrieval/replace-source-chunks';
import type { Embedder } from '../retrieval/types';
import { ARTICLE_COLUMNS, type Article } from './article';
import { type CollectionRef, resolveCollection } from './article-collection';
import { articleDocument } from './article-document';
import { checkArticleInput } from './article-limits';
import { chooseArticleSlug, lockArticleSlugs } from './article-slug';
import type { AccessLevel } from './audience';

export interface UpdateArticleInput extends CollectionRef {
  title?: string;
  slug?: string;
  body?: string;
  access_level?: AccessLevel;
  position?: number;
}

/**
 * Changes the fields given (omitted ones stay), within the bounds of article-limits.ts. A published
 * article is re-indexed in the same transaction, so its chunks always match what readers get (audience
 * included).
 */
export async function updateArticle(
  ctx: Ctx,
  articleId: string,
  input: UpdateArticleInput,
  deps: { embedder: Embedder },
): Promise<Article> {
  checkArticleInput(input);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    if (input.slug !== undefined) await lockArticleSlugs(tctx);
    const [current] = await db.query<Article>(
      `select ${ARTICLE_COLUMNS} from articles where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, articleId],
    );
    if (!current) throw notFound('article');
    const slug =
      input.slug === undefined || input.slug === current.slug
        ? current.slug
        : await chooseArticleSlug(tctx, { slug: input.slug, title: current.title, exceptId: articleId });
    const collection = await resolveCollection(tctx, input);
    const bodyChanged = input.body !== undefined && input.body !== current.body;
    const [row] = await db.query<Article>(
      `update articles set title = $3, slug = $4, collection_id = $5, body = $6, access_level = $7, position = $8,
         body_edited_since_generation = body_edited_since_generation or $9, updated_at = $10
       where workspace_id = $1 and id = $2 returning ${ARTICLE_COLUMNS}`,
      [
        ctx.workspaceId,
        articleId,
        input.title ?? current.title,
        slug,
        collection === undefined ? current.collection_id : collection,
        input.body ?? current.body,
        input.access_level ?? current.access_level,
        input.position ?? current.position,
        bodyChanged && current.source_guide_id !== null,
        now,
      ],
    );
    if (row!.status === 'published') await replaceSourceChunks(tctx, articleDocument(row!), deps.embedder);
    return row!;
  });
}
