import { expect, it } from 'vitest';
import { EMBED_SOURCE_JOB, replaceSourceChunks } from '../../server-core/retrieval/replace-source-chunks';
import { scheduleReembedding } from '../../server-core/retrieval/schedule-reembedding';
import type { Embedder } from '../../server-core/retrieval/types';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { letterEmbedder } from '../../server-core/testing/letter-embedder';
import { sectionedArticle as doc } from '../../server-core/testing/source-documents';
import { testWorkerDeps } from '../testing/worker-deps';
import { runWorkerOnce } from './loop';

const letters = (model: string, inline: boolean): Embedder => ({ ...letterEmbedder, model, inline });

describeDb('embedding jobs in the worker', (getDb) => {
  it('runs as a worker job, and a model change re-embeds every workspace in the background', async () => {
    const db = getDb();
    const a = await makeWorkspace(db);
    const b = await makeWorkspace(db);
    const old = letters('old-model', true);
    await replaceSourceChunks(testCtx(db, a.id), doc('01jd0000000000000000000002', 2), old);
    await replaceSourceChunks(testCtx(db, b.id), doc('01jd0000000000000000000003', 3), old);
    const next = letters('new-model', false);
    const ctx = testCtx(db, a.id);
    expect(await scheduleReembedding(db, 'new-model', ctx.clock.now())).toBeGreaterThanOrEqual(2);
    // A second start while the jobs wait adds nothing.
    expect(await scheduleReembedding(db, 'new-model', ctx.clock.now())).toBe(0);
    const deps = testWorkerDeps(db, ctx.clock, { embedder: next });
    while ((await runWorkerOnce(deps, 'w', { dispatch: false, batch: 50 })) > 0) {}
    for (const ws of [a.id, b.id]) {
      const models = await db.query<{ embedding_model: string }>(
        'select distinct embedding_model from retrieval_chunks where workspace_id = $1',
        [ws],
      );
      expect(models).toEqual([{ embedding_model: 'new-model' }]);
    }
    const jobs = await db.query<{ state: string }>(
      'select distinct state from jobs where kind = $1 and workspace_id = any($2::text[])',
      [EMBED_SOURCE_JOB, [a.id, b.id]],
    );
    expect(jobs).toEqual([{ state: 'done' }]);
    // The new dimension got its HNSW index where pgvector exists (the 100 one comes with migration 009).
    const indexes = await db.query<{ indexname: string }>(
      "select indexname from pg_indexes where tablename = 'retrieval_chunks' and indexname like '%embedding%' order by 1",
    );
    expect(indexes.map((i) => i.indexname)).toEqual(
      db.capabilities.vector
        ? ['retrieval_chunks_embedding_100_idx', 'retrieval_chunks_embedding_26_idx']
        : [],
    );
  });

  it('fails the job when the embedder fails (retried later), leaving the vectors null', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    await replaceSourceChunks(ctx, doc('01jd0000000000000000000004', 1), letters('r', false));
    const broken: Embedder = {
      ...letters('r', false),
      embed: () => Promise.reject(new Error('endpoint answered 500')),
    };
    await runWorkerOnce(testWorkerDeps(db, ctx.clock, { embedder: broken }), 'w', { dispatch: false });
    const [job] = await db.query<{ state: string; last_error: string }>(
      'select state, last_error from jobs where workspace_id = $1 and kind = $2',
      [ws.id, EMBED_SOURCE_JOB],
    );
    expect(job).toEqual({ state: 'pending', last_error: 'endpoint answered 500' });
    const [chunk] = await db.query<{ embedding: unknown }>(
      'select embedding from retrieval_chunks where workspace_id = $1',
      [ws.id],
    );
    expect(chunk!.embedding).toBeNull();
  });
});
