import { describe, expect, it } from 'vitest';
import { splitSections } from '../../server-core/retrieval/split-sections';
import { EVAL_DOCUMENTS } from './dataset';
import { SYNTHETIC_PRODUCTS, seededRandom, syntheticDocuments } from './synthetic-corpus';

describe('synthetic load corpus', () => {
  const docs = [...syntheticDocuments(EVAL_DOCUMENTS, { chunks: 2000, seed: 7 })];

  it('stops once the target number of chunks is reached, counting chunks as the index splits them', () => {
    const total = docs.reduce((n, d) => n + d.chunkCount, 0);
    expect(total).toBeGreaterThanOrEqual(2000);
    expect(total - docs.at(-1)!.chunkCount).toBeLessThan(2000);
    for (const d of docs) expect(d.chunkCount).toBe(splitSections(d.sections).length);
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
  });

  it('is the same for the same seed and differs for another', () => {
    const again = [...syntheticDocuments(EVAL_DOCUMENTS, { chunks: 2000, seed: 7 })];
    expect(again).toEqual(docs);
    const other = [...syntheticDocuments(EVAL_DOCUMENTS, { chunks: 2000, seed: 8 })];
    expect(other[0]!.sections).not.toEqual(docs[0]!.sections);
  });

  it('names only made-up products, never an evaluation product', () => {
    const text = docs.map((d) => `${d.title} ${d.sections.map((s) => `${s.heading} ${s.text}`).join(' ')}`);
    for (const product of new Set(EVAL_DOCUMENTS.map((d) => d.product)))
      expect(
        text.some((t) => t.includes(product)),
        product,
      ).toBe(false);
    for (const d of docs) expect(SYNTHETIC_PRODUCTS.some((p) => d.title.includes(p))).toBe(true);
  });

  it('has varied sections and some internal documents', () => {
    expect(new Set(docs.map((d) => d.sections[0]!.text)).size).toBe(docs.length);
    const internal = docs.filter((d) => d.audience === 'internal').length / docs.length;
    expect(internal).toBeGreaterThan(0.03);
    expect(internal).toBeLessThan(0.2);
    for (const d of docs) expect(d.sections.length).toBeGreaterThanOrEqual(3);
  });

  it('draws uniform numbers in [0, 1)', () => {
    const rnd = seededRandom(1);
    const xs = Array.from({ length: 1000 }, rnd);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((a, b) => a + b, 0) / xs.length).toBeGreaterThan(0.45);
    expect(xs.reduce((a, b) => a + b, 0) / xs.length).toBeLessThan(0.55);
  });
});
