import type { TextWeight } from './types';

/** A candidate of one path with that path's score: BM25 for full-text, the cosine for vectors. */
export interface Scored {
  id: string;
  score: number;
}

/**
 * The full-text share of a hybrid score for a model without its own TextWeight (GloVe); vectors have the
 * rest (chosen on the development queries).
 */
export const FULLTEXT_WEIGHT = 0.4;

/** The full-text share for a query whose best full-text hit holds `coverage` (0..1) of its words. */
export function textWeightFor(weight: TextWeight | undefined, coverage: number): number {
  if (!weight) return FULLTEXT_WEIGHT;
  const span = 1 - weight.knee;
  const rise = span > 0 ? Math.min(1, Math.max(0, (coverage - weight.knee) / span)) : coverage >= 1 ? 1 : 0;
  return weight.low + (weight.high - weight.low) * rise;
}

/**
 * Convex combination of the two paths' scores, each brought to [0, 1]: BM25 divided by the best BM25
 * (it has no fixed scale; 0 stays "no word"), the cosine min-max over the vector candidates (GloVe's
 * cosines crowd into a narrow high band, so their spread is what ranks). A candidate one path did not
 * return has 0 from it. A single list (one mode, or a query one path cannot serve) keeps its own order,
 * scored the same way. Best first; ties by id, so the order is deterministic.
 */
export function fuseScores(
  fulltext: readonly Scored[],
  vector: readonly Scored[],
  weight = FULLTEXT_WEIGHT,
): Scored[] {
  const best = Math.max(0, ...fulltext.map((f) => f.score));
  const text = new Map(fulltext.map((f) => [f.id, best > 0 ? f.score / best : 0]));
  const sims = vector.map((v) => v.score);
  const lo = Math.min(...sims);
  const spread = Math.max(...sims) - lo;
  const meaning = new Map(vector.map((v) => [v.id, spread > 0 ? (v.score - lo) / spread : 1]));
  if (vector.length === 0) return fulltext.map((f) => ({ id: f.id, score: text.get(f.id)! }));
  if (fulltext.length === 0) return vector.map((v) => ({ id: v.id, score: meaning.get(v.id)! }));
  const ids = new Set([...text.keys(), ...meaning.keys()]);
  return [...ids]
    .map((id) => ({ id, score: weight * (text.get(id) ?? 0) + (1 - weight) * (meaning.get(id) ?? 0) }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
