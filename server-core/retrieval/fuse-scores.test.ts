import { describe, expect, it } from 'vitest';
import { FULLTEXT_WEIGHT, fuseScores } from './fuse-scores';

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
