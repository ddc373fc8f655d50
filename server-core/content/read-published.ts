import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import type { Audience } from '../retrieval/types';
import { ARTICLE_COLUMNS, type Article } from './article';
import { accessLevelsFor, shareModesFor } from './audience';
import { type Guide, loadGuide } from './guide';

/** A published article whose audience the reader may see; anything else (draft, other audience, unknown) not_found. */
export async function getPublishedArticle(
  ctx: Ctx,
  articleId: string,
  audiences: readonly Audience[],
): Promise<Article> {
  const [row] = await ctx.db.query<Article>(
    `select ${ARTICLE_COLUMNS} from articles
     where workspace_id = $1 and id = $2 and status = 'published' and access_level = any($3::text[])`,
    [ctx.workspaceId, articleId, accessLevelsFor(audiences)],
  );
  if (!row) throw notFound('article');
  return row;
}

/** A published guide whose share-mode audience the reader may see; anything else not_found. */
export async function getPublishedGuide(
  ctx: Ctx,
  guideId: string,
  audiences: readonly Audience[],
): Promise<Guide> {
  const guide = await loadGuide(ctx.db, ctx.workspaceId, guideId);
  if (guide?.status !== 'published' || !shareModesFor(audiences).includes(guide.share_mode)) {
    throw notFound('guide');
  }
  return guide;
}
