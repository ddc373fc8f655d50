/** Reciprocal Rank Fusion (Cormack et al. 2009): k = 60 damps the head of each list. */
export const RRF_K = 60;

/**
 * Fuses ranked lists of ids: score(id) = sum over the lists holding it of 1 / (k + rank), rank from 1.
 * Best first; ties by the best single rank, then id, so the order is deterministic.
 */
export function fuseRanks(lists: readonly (readonly string[])[], k = RRF_K): { id: string; score: number }[] {
  const scores = new Map<string, { score: number; best: number }>();
  for (const list of lists) {
    list.forEach((id, i) => {
      const s = scores.get(id) ?? { score: 0, best: Number.POSITIVE_INFINITY };
      s.score += 1 / (k + i + 1);
      s.best = Math.min(s.best, i + 1);
      scores.set(id, s);
    });
  }
  return [...scores.entries()]
    .sort((a, b) => b[1].score - a[1].score || a[1].best - b[1].best || (a[0] < b[0] ? -1 : 1))
    .map(([id, s]) => ({ id, score: s.score }));
}
