import type { Ctx } from '../context';
import { queryWithJoinedCompounds } from './compound-words';
import type { Scored } from './fuse-scores';
import { DEFAULT_TEXT_SEARCH_CONFIG } from './replace-source-chunks';
import type { Audience } from './types';

/** BM25's term-frequency saturation and length normalisation (the usual Okapi values). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** An occurrence in the title or heading counts as this many in the text (BM25F-style field weight). */
export const TITLE_WEIGHT = 2;

/** A full-text candidate: its BM25 score and the share of the query's words it holds. */
export interface FulltextHit extends Scored {
  coverage: number;
}

/**
 * Full-text candidates ranked by BM25 over the postings: any query word finds a chunk (OR), chunks
 * holding every word of the query come first (AND matches first), then by score; title and heading
 * occurrences weigh TITLE_WEIGHT. N, the average length and each word's document frequency are counted
 * over the searched audiences only (N and the average length from retrieval_corpus_stats, kept by the
 * writes). Hyphenated query words are joined (`e-mail` asks for `email`).
 */
export async function bm25Ranks(
  ctx: Ctx,
  query: string,
  audiences: readonly Audience[],
  limit: number,
): Promise<FulltextHit[]> {
  const rows = await ctx.db.query<{ id: string; score: number; coverage: number }>(
    `with terms as materialized (
       select distinct t.lexeme
       from unnest(tsvector_to_array(to_tsvector(coalesce(
         (select s.text_search_config from retrieval_settings s where s.workspace_id = $1), $2)::regconfig, $3))) t(lexeme)
     ), corpus as materialized (
       select coalesce(sum(chunks), 0)::float8 as n,
         coalesce(sum(title_terms * ${TITLE_WEIGHT} + text_terms) / nullif(sum(chunks), 0), 1)::float8 as avgdl
       from retrieval_corpus_stats where workspace_id = $1 and audience = any($4::text[])
     ), hits as (
       select p.chunk_id, (p.title_tf * ${TITLE_WEIGHT} + p.text_tf)::float8 as tf,
         (p.title_terms * ${TITLE_WEIGHT} + p.text_terms)::float8 as dl,
         count(*) over (partition by p.lexeme) as df
       from terms t join retrieval_postings p on p.workspace_id = $1 and p.lexeme = t.lexeme
       where p.audience = any($4::text[])
     )
     select h.chunk_id as id,
       sum(ln(1 + (c.n - h.df + 0.5) / (h.df + 0.5)) * h.tf * ${BM25_K1 + 1}
         / (h.tf + ${BM25_K1} * (1 - ${BM25_B} + ${BM25_B} * h.dl / greatest(c.avgdl, 1)))) as score,
       count(*)::float8 / (select count(*) from terms) as coverage
     from hits h, corpus c
     group by h.chunk_id
     order by count(*) = (select count(*) from terms) desc, score desc, h.chunk_id
     limit $5`,
    [ctx.workspaceId, DEFAULT_TEXT_SEARCH_CONFIG, queryWithJoinedCompounds(query), audiences, limit],
  );
  return rows.map((r) => ({ id: r.id, score: Number(r.score), coverage: Number(r.coverage) }));
}
