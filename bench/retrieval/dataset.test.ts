import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server-core/db/adapters/pglite';
import type { Db } from '../../server-core/db/db';
import { EVAL_DOCUMENTS, EVAL_QUERIES } from './dataset';
import { toSourceDocument } from './to-source-document';

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('retrieval evaluation set', () => {
  it('has at least 150 documents over several products, with unique stable ids', () => {
    expect(EVAL_DOCUMENTS.length).toBeGreaterThanOrEqual(150);
    const products = new Set(EVAL_DOCUMENTS.map((d) => d.product));
    expect(products.size).toBeGreaterThanOrEqual(5);
    expect(new Set(EVAL_DOCUMENTS.map((d) => d.id)).size).toBe(EVAL_DOCUMENTS.length);
    for (const d of EVAL_DOCUMENTS)
      expect(d.id).toMatch(new RegExp(`^${d.product.toLowerCase()}-[a-z0-9-]+$`));
  });

  it('has help-center length bodies, most with sections', () => {
    for (const d of EVAL_DOCUMENTS) {
      expect(words(d.body), d.id).toBeGreaterThanOrEqual(120);
      expect(words(d.body), d.id).toBeLessThanOrEqual(400);
    }
    const sectioned = EVAL_DOCUMENTS.filter((d) => toSourceDocument(d).sections.length > 1);
    expect(sectioned.length).toBeGreaterThan(EVAL_DOCUMENTS.length / 2);
  });

  it('has at least 65 queries with a mix of kinds, each judged against existing documents with an answer', () => {
    expect(EVAL_QUERIES.length).toBeGreaterThanOrEqual(65);
    expect(new Set(EVAL_QUERIES.map((q) => q.id)).size).toBe(EVAL_QUERIES.length);
    const ids = new Set(EVAL_DOCUMENTS.map((d) => d.id));
    const count = (kind: string) => EVAL_QUERIES.filter((q) => q.kind === kind).length;
    expect(count('keyword')).toBeGreaterThanOrEqual(20);
    expect(count('question')).toBeGreaterThanOrEqual(20);
    expect(count('paraphrase')).toBeGreaterThanOrEqual(20);
    for (const q of EVAL_QUERIES) {
      for (const id of Object.keys(q.relevant)) expect(ids.has(id), `${q.id} -> ${id}`).toBe(true);
      expect(Object.values(q.relevant), q.id).toContain(2);
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
    const lexemes = async (text: string) => {
      const [row] = await db.query<{ l: string[] }>(
        "select tsvector_to_array(to_tsvector('english', $1)) as l",
        [text],
      );
      return row!.l;
    };

    it('share at most two stemmed words with the title and body of their answer', async () => {
      const byId = new Map(EVAL_DOCUMENTS.map((d) => [d.id, d]));
      for (const q of EVAL_QUERIES.filter((x) => x.kind === 'paraphrase')) {
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
