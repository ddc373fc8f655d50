import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import { ARTICLE_COLUMNS, type Article } from './article';
import { type CollectionRef, resolveCollection } from './article-collection';
import { checkArticleInput } from './article-limits';
import { chooseArticleSlug, lockArticleSlugs } from './article-slug';
import type { AccessLevel } from './audience';

export interface CreateArticleInput extends CollectionRef {
  title: string;
  slug?: string;
  body: string;
  access_level: AccessLevel;
  position: number;
}

/**
 * A new draft article (not indexed, not readable outside the portal until published), within the
 * bounds of article-limits.ts.
 */
export async function createArticle(ctx: Ctx, input: CreateArticleInput): Promise<Article> {
  checkArticleInput(input);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    await lockArticleSlugs(tctx);
    const slug = await chooseArticleSlug(tctx, { slug: input.slug, title: input.title });
    const collectionId = (await resolveCollection(tctx, input)) ?? null;
    const [row] = await db.query<Article>(
      `insert into articles (workspace_id, id, title, slug, collection_id, body, access_level, status, position,
         author_id, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, 'draft', $8, $9, $10, $10) returning ${ARTICLE_COLUMNS}`,
      [
        ctx.workspaceId,
        newId(now),
        input.title,
        slug,
        collectionId,
        input.body,
        input.access_level,
        input.position,
        ctx.actor.type === 'user' ? ctx.actor.id : null,
        now,
      ],
    );
    return row!;
  });
}
