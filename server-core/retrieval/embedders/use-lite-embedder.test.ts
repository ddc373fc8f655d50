import { beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../context';
import type { Db } from '../../db/db';
import { testCtx } from '../../testing/ctx';
import { describeDb } from '../../testing/db';
import { makeWorkspace } from '../../testing/fixtures';
import { embedSourceChunks } from '../embed-source-chunks';
import { EMBED_SOURCE_JOB, replaceSourceChunks } from '../replace-source-chunks';
import { scheduleReembedding } from '../schedule-reembedding';
import { searchChunks } from '../search-chunks';
import type { SourceDocument, SourceKind } from '../types';
import { ensureVectorIndex } from '../vector-index';
import { createGloveEmbedder } from './glove-embedder';
import { createUseLiteEmbedder, useLiteThread } from './use-lite-embedder';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

// One model per process: every test of the file shares the load.
const embedder = createUseLiteEmbedder();
beforeAll(() => embedder.ready(), 60_000);

describe('offline Universal Sentence Encoder lite embedder', () => {
  it('names the model and package version; 512 dimensions; not inline', () => {
    expect(embedder.model).toBe('use-lite-512@energetic-ai-0.2.0');
    expect(embedder.dimension).toBe(512);
    expect(embedder.inline).toBe(false);
  });

  it('gives unit vectors of 512 numbers, the zero vector for blank text, the same vector every time', async () => {
    const [a, blank, spaces, again] = await embedder.embed([
      'I forgot my password',
      '',
      '  \n ',
      'I forgot my password',
    ]);
    expect(a).toHaveLength(512);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(blank!.every((x) => x === 0)).toBe(true);
    expect(spaces!.every((x) => x === 0)).toBe(true);
    expect(again).toEqual(a);
    // A batch of blanks only never reaches the model (which rejects it).
    expect(await embedder.embed(['', ' '])).toEqual([new Float32Array(512), new Float32Array(512)]);
  });

  it('puts a paraphrase closer than an unrelated text', async () => {
    const [query, paraphrase, unrelated] = await embedder.embed([
      'I forgot my password',
      'reset your login credentials',
      'invoice currency',
    ]);
    expect(dot(query!, paraphrase!)).toBeGreaterThan(dot(query!, unrelated!) + 0.1);
  });

  it('answers concurrent callers, each with its own texts, over several batches', async () => {
    const texts = Array.from({ length: 24 }, (_, i) => `question number ${i} about the billing plan`);
    const alone = await embedder.embed(texts);
    const together = await Promise.all([
      embedder.embed(texts.slice(0, 12)),
      embedder.embed(texts.slice(12)),
      embedder.embed(['I forgot my password']),
    ]);
    expect([...together[0], ...together[1]]).toEqual(alone);
    expect(together[2]).toHaveLength(1);
  });
});

const article = (n: number, title: string, text: string): SourceDocument => ({
  kind: 'article',
  id: `01jd00000000000000000000${String(n).padStart(2, '0')}`,
  title,
  url: `/help/a-${n}`,
  audience: 'public',
  sections: [{ anchor: null, heading: null, text }],
});

const CORPUS = [
  article(1, 'Reset your password', 'Use the link on the sign-in page to choose a new one.'),
  article(2, 'Billing and invoices', 'Change your subscription plan and download past invoices.'),
  article(3, 'Keyboard shortcuts', 'Press question mark to list every shortcut of the editor.'),
];

/** Runs the workspace's pending embedding jobs as the worker would; every chunk then has a 512-d vector. */
async function expectJobsEmbedEveryChunk(db: Db, ctx: Ctx): Promise<void> {
  const jobs = await db.query<{ payload: { kind: SourceKind; id: string } }>(
    'select payload from jobs where workspace_id = $1 and kind = $2 order by id',
    [ctx.workspaceId, EMBED_SOURCE_JOB],
  );
  expect(jobs).toHaveLength(CORPUS.length);
  for (const job of jobs) await embedSourceChunks(ctx, embedder, job.payload);
  const rows = await db.query<{ model: string; dim: number; n: number }>(
    `select embedding_model as model, embedding_dim as dim, count(*)::int as n from retrieval_chunks
     where workspace_id = $1 group by 1, 2`,
    [ctx.workspaceId],
  );
  expect(rows).toEqual([{ model: embedder.model, dim: 512, n: CORPUS.length }]);
}

describeDb('use-lite vectors through the embedding job', (getDb) => {
  it('leaves vectors to the job, which writes 512-d vectors that vector search finds a paraphrase with', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    for (const doc of CORPUS) await replaceSourceChunks(ctx, doc, embedder);
    await expectJobsEmbedEveryChunk(db, ctx);
    // Searches embed on the query lane only: with both threads ended, only that one starts again.
    await embedder.close();
    // 512 dimensions: pgvector when installed, otherwise the sketches (cube takes at most 100); exact SQL always.
    const paths = [{ vector: false }, { vector: db.capabilities.vector, sketch: db.capabilities.sketch }];
    for (const path of paths) {
      const hits = await searchChunks(
        ctx,
        { embedder, ...path },
        { query: 'I forgot my login credentials', topK: 3, audiences: ['public'], mode: 'vector' },
      );
      expect(hits[0]!.source.id).toBe(CORPUS[0]!.id);
    }
    expect(useLiteThread('query')).not.toBeNull();
    expect(useLiteThread('document')).toBeNull();
  });

  it('re-embeds a workspace indexed with GloVe once the deployment switches to use-lite (the boot path)', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    for (const doc of CORPUS) await replaceSourceChunks(ctx, doc, createGloveEmbedder());
    // What runtime/boot.ts does with the new embedder, then the worker's handler for each job.
    await ensureVectorIndex(db, embedder.dimension);
    await scheduleReembedding(db, embedder.model, new Date());
    await expectJobsEmbedEveryChunk(db, ctx);
  });
});
