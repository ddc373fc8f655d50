/** Ranking metrics over document ids, with graded judgments (unjudged ids count as 0). */

export type Judgments = Readonly<Record<string, number>>;

/** Ids in first-seen order: a document found through several chunks keeps its best rank. */
export function dedupeRanked(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Discounted cumulative gain of the first k grades: sum of (2^grade - 1) / log2(rank + 1). */
export function dcg(grades: readonly number[], k: number): number {
  let sum = 0;
  for (let i = 0; i < Math.min(k, grades.length); i++) sum += (2 ** grades[i]! - 1) / Math.log2(i + 2);
  return sum;
}

/** nDCG@k: the ranking's DCG over the DCG of the ideal ranking of every judged document; 0 when none is judged. */
export function ndcgAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  const ideal = dcg(
    Object.values(judgments)
      .filter((g) => g > 0)
      .sort((a, b) => b - a),
    k,
  );
  if (ideal === 0) return 0;
  return (
    dcg(
      ranked.slice(0, k).map((id) => judgments[id] ?? 0),
      k,
    ) / ideal
  );
}

/** 1 / rank of the first document judged relevant (grade >= 1) within the first k, else 0. */
export function reciprocalRankAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  const i = ranked.slice(0, k).findIndex((id) => (judgments[id] ?? 0) > 0);
  return i < 0 ? 0 : 1 / (i + 1);
}

/** Share of the answers (grade 2) found within the first k; 0 when none is judged. */
export function recallAt(k: number, ranked: readonly string[], judgments: Judgments): number {
  const answers = Object.keys(judgments).filter((id) => judgments[id] === 2);
  if (answers.length === 0) return 0;
  const top = new Set(ranked.slice(0, k));
  return answers.filter((id) => top.has(id)).length / answers.length;
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
}
