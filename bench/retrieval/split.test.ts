import { describe, expect, it } from 'vitest';
import { EVAL_QUERIES } from './dataset';
import { HELD_OUT_IDS, splitQueries } from './split';

describe('development / held-out split of the first set', () => {
  it('names existing queries and splits every kind about in half', () => {
    const ids = new Set(EVAL_QUERIES.map((q) => q.id));
    for (const id of HELD_OUT_IDS) expect(ids.has(id), id).toBe(true);
    const dev = splitQueries(EVAL_QUERIES, 'dev');
    const held = splitQueries(EVAL_QUERIES, 'held-out');
    expect(dev.length + held.length).toBe(EVAL_QUERIES.length);
    expect(held.map((q) => q.id).every((id) => HELD_OUT_IDS.has(id))).toBe(true);
    for (const kind of ['keyword', 'question', 'paraphrase']) {
      const d = dev.filter((q) => q.kind === kind).length;
      const h = held.filter((q) => q.kind === kind).length;
      expect(Math.abs(d - h), kind).toBeLessThanOrEqual(1);
    }
  });
});
