import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server-core/db/adapters/pglite';
import type { Db } from '../../../server-core/db/db';
import { EVAL_DOCUMENTS } from '../dataset';
import { toSourceDocument } from '../to-source-document';
import { SET_B_DOCUMENTS, SET_B_QUERIES } from './dataset';

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('second retrieval evaluation set', () => {
  it('has about 40 sectioned articles over products the first set does not have', () => {
    expect(SET_B_DOCUMENTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(SET_B_DOCUMENTS.map((d) => d.id)).size).toBe(SET_B_DOCUMENTS.length);
    const first = new Set(EVAL_DOCUMENTS.map((d) => d.product));
    const products = new Set(SET_B_DOCUMENTS.map((d) => d.product));
    expect(products.size).toBeGreaterThanOrEqual(4);
    for (const p of products) expect(first.has(p), p).toBe(false);
    for (const d of SET_B_DOCUMENTS) {
      expect(d.id).toMatch(new RegExp(`^${d.product.toLowerCase()}-[a-z0-9-]+$`));
      expect(words(d.body), d.id).toBeGreaterThanOrEqual(60);
      expect(words(d.body), d.id).toBeLessThanOrEqual(200);
      expect(toSourceDocument(d).sections.length, d.id).toBeGreaterThan(1);
    }
  });

  it('has about 30 judged queries: keyword, paraphrase and multi-fact (two answers)', () => {
    expect(SET_B_QUERIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SET_B_QUERIES.map((q) => q.id)).size).toBe(SET_B_QUERIES.length);
    const ids = new Set(SET_B_DOCUMENTS.map((d) => d.id));
    const count = (kind: string) => SET_B_QUERIES.filter((q) => q.kind === kind).length;
    expect(count('keyword')).toBeGreaterThanOrEqual(8);
    expect(count('paraphrase')).toBeGreaterThanOrEqual(10);
    expect(count('multi-fact')).toBeGreaterThanOrEqual(6);
    for (const q of SET_B_QUERIES) {
      for (const id of Object.keys(q.relevant)) expect(ids.has(id), `${q.id} -> ${id}`).toBe(true);
      const answers = Object.values(q.relevant).filter((g) => g === 2).length;
      expect(answers, q.id).toBeGreaterThanOrEqual(1);
      if (q.kind === 'multi-fact') expect(Object.keys(q.relevant).length, q.id).toBeGreaterThanOrEqual(2);
    }
  });

  describe('paraphrases (English text search lexemes)', () => {
    let db: Db;
    beforeAll(async () => {
      db = await openPglite();
    });
    afterAll(async () => {
      await db.close();
    });

    it('share at most two stemmed words with the title and body of their answer', async () => {
      const lexemes = async (text: string) => {
        const [row] = await db.query<{ l: string[] }>(
          "select tsvector_to_array(to_tsvector('english', $1)) as l",
          [text],
        );
        return row!.l;
      };
      const byId = new Map(SET_B_DOCUMENTS.map((d) => [d.id, d]));
      for (const q of SET_B_QUERIES.filter((x) => x.kind === 'paraphrase')) {
        const query = await lexemes(q.query);
        for (const [id, grade] of Object.entries(q.relevant)) {
          if (grade !== 2) continue;
          const doc = byId.get(id)!;
          const docLexemes = new Set(await lexemes(`${doc.title}\n${doc.body}`));
          const shared = query.filter((l) => docLexemes.has(l));
          expect(shared.length, `${q.id} shares ${shared.join(', ')} with ${id}`).toBeLessThanOrEqual(2);
        }
      }
    });
  });
});
