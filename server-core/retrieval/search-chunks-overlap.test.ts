import { expect, it } from 'vitest';
import type { Db } from '../db/db';
import { testCtx } from '../testing/ctx';
import { searchChunks } from './search-chunks';
import type { Embedder, EmbedOptions } from './types';

it('starts full-text while the query is being embedded, and embeds it as a query', async () => {
  const sql: string[] = [];
  let queried!: () => void;
  const firstQuery = new Promise<void>((resolve) => {
    queried = resolve;
  });
  // Answers nothing: the search then has no candidates; what matters is when the SQL is sent.
  const db = {
    capabilities: { vector: false, cube: false, sketch: false },
    async query(text: string) {
      sql.push(text);
      queried();
      return [];
    },
  } as unknown as Db;
  const seen: { purpose?: EmbedOptions['purpose']; queriesBeforeAnswer?: number } = {};
  const embedder: Embedder = {
    model: 'slow',
    dimension: 2,
    inline: false,
    async embed(texts, options) {
      seen.purpose = options?.purpose;
      // Answers once full-text has asked the database (or after 2 s, when the search waits for the vector).
      await Promise.race([firstQuery, new Promise((resolve) => setTimeout(resolve, 2000))]);
      seen.queriesBeforeAnswer = sql.length;
      return texts.map(() => Float32Array.of(1, 0));
    },
  };
  await searchChunks(
    testCtx(db, '01jd0000000000000000000000'),
    { embedder, vector: false },
    { query: 'reset password', topK: 3, audiences: ['public'] },
  );
  expect(seen).toEqual({ purpose: 'query', queriesBeforeAnswer: 1 });
  expect(sql[0]).toContain('retrieval_postings');
});
