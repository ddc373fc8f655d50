import type { Ctx } from '../context';
import { GLOVE_CLOSENESS } from '../retrieval/embedders/model-calibration';
import { fuseRanks } from '../retrieval/rrf';
import { type SearchDeps, searchChunks } from '../retrieval/search-chunks';
import type { Audience, Closeness } from '../retrieval/types';
import {
  accessLevelsFor,
  excerptOf,
  type HelpArticleHit,
  type HelpAudience,
  MAX_HELP_RESULTS,
  searchHelpArticles,
} from './help-articles';
import { readsAsEnglish } from './reads-as-english';
import { getWidgetSettings } from './widget-settings';

/** Retrieval audiences a visitor may search: authenticated articles are indexed as `customers`. */
const retrievalAudiencesFor = (audience: HelpAudience): Audience[] =>
  audience === 'verified' ? ['public', 'customers'] : ['public'];

/** Chunks fetched from retrieval to find up to MAX_HELP_RESULTS distinct articles among them. */
const CHUNK_POOL = 25;

/**
 * Nearest neighbours always exist, so a retrieved article joins the prefix results only when it is
 * close by the model's own levels (Closeness): at least `related` to the query and within `margin` of
 * the best retrieved one ("zebra crossing" stays empty). A generic question ("i want to talk to
 * someone") can be about as close to every article as to any, so once the pool holds STANDOUT_POOL
 * articles or more the best must also stand out from the crowd (the median of the pool) by `standout`,
 * and the others must sit nearer the best than the crowd.
 */
export const STANDOUT_POOL = 5;

/** A fused result is kept only when its score is at least this share of the best one's. */
export const FUSED_CUTOFF = 0.6;

const median = (sorted: number[]): number => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Article ids from chunk hits, best first, kept only when close enough to the query. */
export function closeArticles(
  chunks: readonly { similarity: number; source: { kind: string; id: string } }[],
  closeness: Closeness = GLOVE_CLOSENESS,
): string[] {
  const best = new Map<string, number>();
  for (const c of chunks) {
    if (c.source.kind !== 'article') continue;
    best.set(c.source.id, Math.max(best.get(c.source.id) ?? Number.NEGATIVE_INFINITY, c.similarity));
  }
  const articles = [...best].sort((a, b) => b[1] - a[1]);
  const top = articles[0]?.[1] ?? 0;
  if (top < closeness.related) return [];
  let floor = top - closeness.margin;
  if (articles.length >= STANDOUT_POOL) {
    const crowd = median(articles.map(([, s]) => s).reverse());
    if (top - crowd < closeness.standout) return [];
    floor = Math.max(floor, (top + crowd) / 2);
  }
  return articles.filter(([, s]) => s >= floor).map(([id]) => id);
}

/**
 * The relevance cut-off after fusion: Reciprocal Rank Fusion adds 1 / (60 + rank) per list, so an
 * article both searches found scores about twice one found by a single search. Results below
 * FUSED_CUTOFF of the best are dropped: once some article matches both by words and by meaning, the
 * ones only one search found (a word in passing, a loose paraphrase) no longer pad the list.
 */
export function cutWeakHits<T extends { score: number }>(fused: readonly T[]): T[] {
  const best = fused[0]?.score ?? 0;
  return fused.filter((f) => f.score >= FUSED_CUTOFF * best);
}

/**
 * Whether the model's cosines can be trusted for this workspace's help center: its language is the
 * widget's language setting when the workspace chose one. With `auto` the articles' language is not
 * set anywhere, so it is read off the retrieved text: `per-text` when the model knows English (the
 * retrieved chunks must read as English, readsAsEnglish), `no` otherwise.
 */
async function meaningApplies(
  ctx: Ctx,
  embedder: SearchDeps['embedder'],
): Promise<'yes' | 'no' | 'per-text'> {
  const languages = embedder.languages;
  if (!languages) return 'yes';
  const { language } = await getWidgetSettings(ctx.db, ctx.workspaceId);
  if (language !== 'auto') return languages.includes(language) ? 'yes' : 'no';
  return languages.includes('en') ? 'per-text' : 'no';
}

/** The retrieved chunks, or null when their language is one whose meaning the model does not know. */
function trustedChunks<T extends { text: string }>(chunks: T[], check: 'yes' | 'per-text'): T[] | null {
  if (check === 'yes' || chunks.length === 0) return chunks;
  return readsAsEnglish(chunks.map((c) => c.text).join('\n')) ? chunks : null;
}

/**
 * The Help tab's search: the article prefix search (finds words as they are typed) fused by Reciprocal
 * Rank Fusion with the hybrid retrieval over article chunks (finds paraphrases). Without q (or with a
 * single character) it is the prefix search alone: help-center order without q; so it is in a language
 * the model does not know (meaningApplies, trustedChunks), where a nearest article is no evidence of an answer.
 */
export async function searchHelp(
  ctx: Ctx,
  deps: SearchDeps,
  input: { q: string | undefined; audience: HelpAudience },
): Promise<HelpArticleHit[]> {
  const q = input.q?.trim();
  if (!q || q.length < 2) return searchHelpArticles(ctx, input);
  // The two searches are independent: run them together; the language check only holds retrieval back.
  const [prefixHits, chunks] = await Promise.all([
    searchHelpArticles(ctx, input),
    meaningApplies(ctx, deps.embedder).then(async (check) =>
      check === 'no'
        ? null
        : trustedChunks(
            await searchChunks(ctx, deps, {
              query: q.slice(0, 500),
              topK: CHUNK_POOL,
              audiences: retrievalAudiencesFor(input.audience),
            }),
            check,
          ),
    ),
  ]);
  if (!chunks) return prefixHits;
  const ranked = cutWeakHits(
    fuseRanks([prefixHits.map((h) => h.id), closeArticles(chunks, deps.embedder.closeness)]),
  ).slice(0, MAX_HELP_RESULTS);
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
