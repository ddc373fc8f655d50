import type { Ctx } from '../context';
import { fuseRanks } from '../retrieval/rrf';
import { type SearchDeps, searchChunks } from '../retrieval/search-chunks';
import type { Audience } from '../retrieval/types';
import {
  accessLevelsFor,
  excerptOf,
  type HelpArticleHit,
  type HelpAudience,
  MAX_HELP_RESULTS,
  searchHelpArticles,
} from './help-articles';

/** Retrieval audiences a visitor may search: authenticated articles are indexed as `customers`. */
const retrievalAudiencesFor = (audience: HelpAudience): Audience[] =>
  audience === 'verified' ? ['public', 'customers'] : ['public'];

/** Chunks fetched from retrieval to find up to MAX_HELP_RESULTS distinct articles among them. */
const CHUNK_POOL = 25;

/**
 * Nearest neighbours always exist, so a retrieved article joins the prefix results only when it is
 * close: at least MIN_SIMILARITY to the query and within SIMILARITY_MARGIN of the best retrieved one
 * (calibrated on the built-in GloVe embedder, whose cosines run high; "zebra crossing" stays empty).
 */
export const MIN_SIMILARITY = 0.7;
export const SIMILARITY_MARGIN = 0.05;

/** Article ids from chunk hits, best first, kept only when close enough to the query. */
export function closeArticles(
  chunks: readonly { similarity: number; source: { kind: string; id: string } }[],
): string[] {
  const articles = chunks.filter((c) => c.source.kind === 'article');
  const best = Math.max(0, ...articles.map((c) => c.similarity));
  if (best < MIN_SIMILARITY) return [];
  return [
    ...new Set(articles.filter((c) => c.similarity >= best - SIMILARITY_MARGIN).map((c) => c.source.id)),
  ];
}

/**
 * The Help tab's search: the article prefix search (finds words as they are typed) fused by Reciprocal
 * Rank Fusion with the hybrid retrieval over article chunks (finds paraphrases). Without q (or with a
 * single character) it is the prefix search alone: help-center order without q.
 */
export async function searchHelp(
  ctx: Ctx,
  deps: SearchDeps,
  input: { q: string | undefined; audience: HelpAudience },
): Promise<HelpArticleHit[]> {
  const q = input.q?.trim();
  if (!q || q.length < 2) return searchHelpArticles(ctx, input);
  // The two searches are independent: run them together.
  const [prefixHits, chunks] = await Promise.all([
    searchHelpArticles(ctx, input),
    searchChunks(ctx, deps, {
      query: q.slice(0, 500),
      topK: CHUNK_POOL,
      audiences: retrievalAudiencesFor(input.audience),
    }),
  ]);
  const ranked = fuseRanks([prefixHits.map((h) => h.id), closeArticles(chunks)]).slice(0, MAX_HELP_RESULTS);
  const known = new Map(prefixHits.map((h) => [h.id, h]));
  const missing = ranked.map((r) => r.id).filter((id) => !known.has(id));
  if (missing.length > 0) {
    // Read again under the visitor's access levels: the index is never trusted to decide who sees what.
    const rows = await ctx.db.query<{ id: string; slug: string; title: string; body: string }>(
      `select id, slug, title, body from articles
       where workspace_id = $1 and id = any($2::text[]) and status = 'published' and access_level = any($3::text[])`,
      [ctx.workspaceId, missing, accessLevelsFor(input.audience)],
    );
    for (const r of rows)
      known.set(r.id, { id: r.id, slug: r.slug, title: r.title, excerpt: excerptOf(r.body) });
  }
  return ranked.flatMap((r) => known.get(r.id) ?? []);
}
