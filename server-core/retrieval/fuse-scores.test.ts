import { describe, expect, it } from 'vitest';
import { FULLTEXT_WEIGHT, fuseScores, textWeightFor } from './fuse-scores';

describe('fuseScores', () => {
  it('adds BM25 over the best BM25 and the min-max scaled cosine, weighted 0.4 / 0.6', () => {
    const fused = fuseScores(
      [
        { id: 'a', score: 8 },
        { id: 'b', score: 2 },
      ],
      [
        { id: 'b', score: 0.9 },
        { id: 'c', score: 0.8 },
        { id: 'a', score: 0.5 },
      ],
    );
    expect(FULLTEXT_WEIGHT).toBe(0.4);
    expect(fused.map((f) => f.id)).toEqual(['b', 'c', 'a']);
    expect(fused[0]!.score).toBeCloseTo(0.4 * 0.25 + 0.6 * 1, 12);
    expect(fused[1]!.score).toBeCloseTo(0.6 * 0.75, 12);
    expect(fused[2]!.score).toBeCloseTo(0.4, 12);
  });

  it('keeps a single list in its own order (full-text puts every-word matches first)', () => {
    const ft = [
      { id: 'all-words', score: 1 },
      { id: 'one-word', score: 3 },
    ];
    expect(fuseScores(ft, []).map((f) => f.id)).toEqual(['all-words', 'one-word']);
    expect(fuseScores([], [{ id: 'v', score: 0.4 }])).toEqual([{ id: 'v', score: 1 }]);
    expect(fuseScores([], [])).toEqual([]);
  });

  it('breaks ties by id and copes with equal cosines and zero BM25', () => {
    const fused = fuseScores(
      [
        { id: 'y', score: 0 },
        { id: 'x', score: 0 },
      ],
      [
        { id: 'x', score: 0.5 },
        { id: 'y', score: 0.5 },
      ],
    );
    expect(fused).toEqual([
      { id: 'x', score: 0.6 },
      { id: 'y', score: 0.6 },
    ]);
  });
});

describe('textWeightFor', () => {
  it("is the constant FULLTEXT_WEIGHT for a model without a TextWeight, and else rises with the best hit's coverage", () => {
    expect(textWeightFor(undefined, 0)).toBe(FULLTEXT_WEIGHT);
    expect(textWeightFor(undefined, 1)).toBe(FULLTEXT_WEIGHT);
    const ramp = { low: 0.05, high: 0.8, knee: 0.5 };
    // A paraphrase (the best full-text hit holds half the words or fewer) leans on meaning.
    expect(textWeightFor(ramp, 0)).toBe(0.05);
    expect(textWeightFor(ramp, 0.5)).toBe(0.05);
    expect(textWeightFor(ramp, 0.75)).toBeCloseTo(0.425, 12);
    expect(textWeightFor(ramp, 1)).toBeCloseTo(0.8, 12);
    // Out-of-range coverage is clamped; a knee at 1 is a step at full coverage.
    expect(textWeightFor(ramp, 1.5)).toBeCloseTo(0.8, 12);
    expect(textWeightFor(ramp, -1)).toBe(0.05);
    expect(textWeightFor({ low: 0.1, high: 0.9, knee: 1 }, 0.99)).toBe(0.1);
    expect(textWeightFor({ low: 0.1, high: 0.9, knee: 1 }, 1)).toBe(0.9);
  });
});
