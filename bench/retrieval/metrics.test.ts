import { describe, expect, it } from 'vitest';
import { dcg, dedupeRanked, mean, ndcgAt, recallAt, reciprocalRankAt } from './metrics';

describe('retrieval metrics', () => {
  it('counts the share of answers (grade 2) in the first k, related documents aside', () => {
    const judgments = { a: 2, b: 2, r: 1 } as const;
    expect(recallAt(8, ['x', 'a', 'r'], judgments)).toBe(0.5);
    expect(recallAt(2, ['x', 'r', 'a', 'b'], judgments)).toBe(0);
    expect(recallAt(8, ['b', 'a'], judgments)).toBe(1);
    expect(recallAt(8, ['r'], { r: 1 })).toBe(0);
  });

  it('keeps the first rank of a document found through several chunks', () => {
    expect(dedupeRanked(['a', 'b', 'a', 'c', 'b'])).toEqual(['a', 'b', 'c']);
  });

  it('computes DCG with exponential gain and a log2 discount', () => {
    // (2^2-1)/log2(2) + (2^0-1)/log2(3) + (2^1-1)/log2(4) = 3 + 0 + 0.5
    expect(dcg([2, 0, 1], 8)).toBeCloseTo(3.5, 10);
    expect(dcg([2, 0, 1], 1)).toBeCloseTo(3, 10);
  });

  it('gives nDCG 1 for the ideal order and less when the answer comes later', () => {
    const judgments = { answer: 2, related: 1 };
    expect(ndcgAt(8, ['answer', 'related', 'x'], judgments)).toBeCloseTo(1, 10);
    const swapped = ndcgAt(8, ['related', 'answer'], judgments);
    // (1 + 3/log2 3) / (3 + 1/log2 3)
    expect(swapped).toBeCloseTo((1 + 3 / Math.log2(3)) / (3 + 1 / Math.log2(3)), 10);
    expect(swapped).toBeLessThan(1);
  });

  it('counts only the first k results and normalises by all judged documents', () => {
    const judgments = { a: 2, b: 2 };
    const ranked = ['x', 'x2', 'a', 'y', 'b'];
    expect(ndcgAt(2, ranked, judgments)).toBe(0);
    const ideal = 3 + 3 / Math.log2(3);
    expect(ndcgAt(8, ranked, judgments)).toBeCloseTo((3 / 2 + 3 / Math.log2(6)) / ideal, 10);
    expect(ndcgAt(8, ['a'], judgments)).toBeCloseTo(3 / ideal, 10);
  });

  it('gives nDCG 0 when nothing relevant is judged or found', () => {
    expect(ndcgAt(8, ['a'], {})).toBe(0);
    expect(ndcgAt(8, [], { a: 2 })).toBe(0);
  });

  it('computes the reciprocal rank of the first relevant document within k', () => {
    expect(reciprocalRankAt(8, ['x', 'y', 'related'], { answer: 2, related: 1 })).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRankAt(8, ['answer'], { answer: 2 })).toBe(1);
    expect(reciprocalRankAt(2, ['x', 'y', 'answer'], { answer: 2 })).toBe(0);
    expect(reciprocalRankAt(8, ['x', 'zero'], { zero: 0 })).toBe(0);
  });

  it('averages, and says NaN for nothing', () => {
    expect(mean([1, 0, 0.5])).toBeCloseTo(0.5, 10);
    expect(mean([])).toBeNaN();
  });
});
