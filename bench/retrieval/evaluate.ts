import { dedupeRanked, mean, ndcgAt, recallAt, reciprocalRankAt } from './metrics';
import type { EvalQuery, QueryKind } from './types';

/** The cut-off of both metrics: the number of results a help panel shows. */
export const K = 8;

export interface QueryScore {
  query: EvalQuery;
  /** Documents in rank order, deduplicated. */
  ranked: string[];
  ndcg: number;
  rr: number;
  /** Share of the answers (grade 2) in the first K. */
  recall: number;
}

export interface Summary {
  n: number;
  ndcg: number;
  mrr: number;
  recall: number;
}

export interface Evaluation extends Summary {
  scores: QueryScore[];
  /** Only the kinds the queries hold. */
  byKind: Partial<Record<QueryKind, Summary>>;
}

const KINDS: QueryKind[] = ['keyword', 'question', 'paraphrase', 'multi-fact'];

function summarizeScores(scores: readonly QueryScore[]): Summary {
  return {
    n: scores.length,
    ndcg: mean(scores.map((s) => s.ndcg)),
    mrr: mean(scores.map((s) => s.rr)),
    recall: mean(scores.map((s) => s.recall)),
  };
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
      recall: recallAt(K, ranked, query.relevant),
    });
  }
  const byKind: Evaluation['byKind'] = {};
  for (const kind of KINDS) {
    const of = scores.filter((s) => s.query.kind === kind);
    if (of.length > 0) byKind[kind] = summarizeScores(of);
  }
  return { scores, ...summarizeScores(scores), byKind };
}

/** Queries whose answer (grade 2) is not among the first K results. */
export function misses(evaluation: Evaluation): QueryScore[] {
  return evaluation.scores.filter((s) => !s.ranked.slice(0, K).some((id) => s.query.relevant[id] === 2));
}
