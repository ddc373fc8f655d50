import { dedupeRanked, mean, ndcgAt, reciprocalRankAt } from './metrics';
import type { EvalQuery, QueryKind } from './types';

/** The cut-off of both metrics: the number of results a help panel shows. */
export const K = 8;

export interface QueryScore {
  query: EvalQuery;
  /** Documents in rank order, deduplicated. */
  ranked: string[];
  ndcg: number;
  rr: number;
}

export interface Evaluation {
  scores: QueryScore[];
  ndcg: number;
  mrr: number;
  byKind: Record<QueryKind, { n: number; ndcg: number; mrr: number }>;
}

/**
 * Runs every query through `rank` (document ids in rank order, possibly repeated when several chunks of
 * one document match) and scores nDCG@K and reciprocal rank@K against the judgments.
 */
export async function evaluate(
  queries: readonly EvalQuery[],
  rank: (query: string) => Promise<readonly string[]>,
): Promise<Evaluation> {
  const scores: QueryScore[] = [];
  for (const query of queries) {
    const ranked = dedupeRanked(await rank(query.query));
    scores.push({
      query,
      ranked,
      ndcg: ndcgAt(K, ranked, query.relevant),
      rr: reciprocalRankAt(K, ranked, query.relevant),
    });
  }
  const kinds: QueryKind[] = ['keyword', 'question', 'paraphrase'];
  const byKind = Object.fromEntries(
    kinds.map((kind) => {
      const of = scores.filter((s) => s.query.kind === kind);
      return [kind, { n: of.length, ndcg: mean(of.map((s) => s.ndcg)), mrr: mean(of.map((s) => s.rr)) }];
    }),
  ) as Evaluation['byKind'];
  return {
    scores,
    ndcg: mean(scores.map((s) => s.ndcg)),
    mrr: mean(scores.map((s) => s.rr)),
    byKind,
  };
}

/** Queries whose answer (grade 2) is not among the first K results. */
export function misses(evaluation: Evaluation): QueryScore[] {
  return evaluation.scores.filter((s) => !s.ranked.slice(0, K).some((id) => s.query.relevant[id] === 2));
}
