import { expect, it } from 'vitest';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { letterEmbedder } from '../testing/letter-embedder';
import { sectionedArticle as doc } from '../testing/source-documents';
import { embedSourceChunks } from './embed-source-chunks';
import { replaceSourceChunks } from './replace-source-chunks';
import type { Embedder } from './types';

/** The letter embedder under another model name; counts the batch sizes it was asked for. */
function letters(model: string, inline: boolean): Embedder & { calls: number[] } {
  const calls: number[] = [];
  return {
    model,
    dimension: 26,
    inline,
    calls,
    embed: (texts) => {
      calls.push(texts.length);
      return letterEmbedder.embed(texts);
    },
  };
}

describeDb('embedding a source', (getDb) => {
  it('fills every missing vector of a source in batches, including chunks written meanwhile', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const remote = letters('remote-1', false);
    await replaceSourceChunks(ctx, doc('01jd0000000000000000000001', 5), remote);
    // The embedder rewrites the source on its first call: the job must also embed the new chunks.
    let rewritten = false;
    const racing: Embedder = {
      ...remote,
      embed: async (texts) => {
        if (!rewritten) {
          rewritten = true;
          await replaceSourceChunks(ctx, doc('01jd0000000000000000000001', 7), remote);
        }
        return remote.embed(texts);
      },
    };
    await embedSourceChunks(ctx, racing, { kind: 'article', id: '01jd0000000000000000000001' }, 2);
    const rows = await db.query<{ model: string | null; dim: number | null; n: number }>(
      `select embedding_model as model, embedding_dim as dim, count(*)::int as n from retrieval_chunks
       where workspace_id = $1 group by 1, 2`,
      [ws.id],
    );
    expect(rows).toEqual([{ model: 'remote-1', dim: 26, n: 7 }]);
    expect(remote.calls.every((c) => c <= 2)).toBe(true);
  });
});
