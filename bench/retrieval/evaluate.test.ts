import { describe, expect, it } from 'vitest';
import { evaluate, misses } from './evaluate';
import type { EvalQuery } from './types';

const queries: EvalQuery[] = [
  { id: 'a', kind: 'keyword', query: 'alpha', relevant: { x: 2 } },
  { id: 'b', kind: 'question', query: 'beta?', relevant: { y: 2, z: 1 } },
  { id: 'c', kind: 'paraphrase', query: 'gamma', relevant: { w: 2 } },
];

describe('evaluate', () => {
  it('dedupes chunk-level results to documents and averages per query and per kind', async () => {
    const results: Record<string, string[]> = {
      alpha: ['x', 'x', 'q'],
      'beta?': ['z', 'z', 'y'],
      gamma: ['q', 'r'],
    };
    const seen: string[] = [];
    const e = await evaluate(queries, async (q) => {
      seen.push(q);
      return results[q]!;
    });
    expect(seen).toEqual(['alpha', 'beta?', 'gamma']);
    expect(e.scores.map((s) => s.ranked)).toEqual([
      ['x', 'q'],
      ['z', 'y'],
      ['q', 'r'],
    ]);
    expect(e.scores.map((s) => s.rr)).toEqual([1, 1, 0]);
    const ndcgB = (1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3));
    expect(e.scores[1]!.ndcg).toBeCloseTo(ndcgB, 10);
    expect(e.ndcg).toBeCloseTo((1 + ndcgB + 0) / 3, 10);
    expect(e.mrr).toBeCloseTo(2 / 3, 10);
    expect(e.scores.map((s) => s.recall)).toEqual([1, 1, 0]);
    expect(e.recall).toBeCloseTo(2 / 3, 10);
    expect(e.byKind.keyword).toEqual({ n: 1, ndcg: 1, mrr: 1, recall: 1 });
    expect(e.byKind.paraphrase).toEqual({ n: 1, ndcg: 0, mrr: 0, recall: 0 });
    expect(e.byKind['multi-fact']).toBeUndefined();
    expect(misses(e).map((s) => s.query.id)).toEqual(['c']);
  });

  it('counts a query as missed when only a related document is found', async () => {
    const e = await evaluate([queries[1]!], async () => ['z']);
    expect(e.scores[0]!.rr).toBe(1);
    expect(misses(e)).toHaveLength(1);
  });
});
