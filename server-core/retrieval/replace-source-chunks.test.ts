import { expect, it } from 'vitest';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { letterEmbedder } from '../testing/letter-embedder';
import { EMBED_SOURCE_JOB, removeSourceChunks, replaceSourceChunks } from './replace-source-chunks';
import { splitSections } from './split-sections';
import type { Embedder, SourceDocument } from './types';

const letters: Embedder = letterEmbedder;
const remote: Embedder = { ...letters, inline: false, embed: () => Promise.reject(new Error('not inline')) };

const doc: SourceDocument = {
  kind: 'guide',
  id: '01jd0000000000000000000000',
  title: 'Invite a teammate',
  url: '/guides/01jd0000000000000000000000',
  audience: 'customers',
  sections: [
    { anchor: 'step-1', heading: 'Open settings', text: 'Click the gear icon.' },
    { anchor: 'step-2', heading: 'Send the invitation', text: 'Type their e-mail address and press Invite.' },
    { anchor: 'step-3', heading: null, text: '   ' },
  ],
};

it('splits long sections at paragraph and sentence boundaries, keeping the anchor', () => {
  const long = `${'First sentence here. '.repeat(40)}\n\n${'Second paragraph words. '.repeat(10)}`;
  const chunks = splitSections([{ anchor: 'a', heading: 'H', text: long }], 300);
  expect(chunks.length).toBeGreaterThan(2);
  for (const c of chunks) {
    expect(c.text.length).toBeLessThanOrEqual(300);
    expect(c.anchor).toBe('a');
  }
  expect(
    chunks
      .map((c) => c.text)
      .join(' ')
      .replace(/\s+/g, ' '),
  ).toBe(long.replace(/\s+/g, ' ').trim());
  expect(splitSections([{ anchor: null, heading: null, text: ' \n ' }])).toEqual([]);
});

describeDb('retrieval chunks', (getDb) => {
  it('writes one chunk per non-empty section with document_ref, audience, tsv and vectors; replaces on re-index', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    expect(await replaceSourceChunks(ctx, doc, letters)).toBe(2);
    const rows = await db.query<{
      document_ref: string;
      audience: string;
      dim: number;
      model: string;
      hit: boolean;
    }>(
      `select document_ref, audience, array_length(embedding, 1) as dim, embedding_model as model,
         tsv @@ websearch_to_tsquery('english', 'address') as hit
       from retrieval_chunks where workspace_id = $1 order by seq`,
      [ws.id],
    );
    expect(rows).toEqual([
      {
        document_ref: `guide:${doc.id}#step-1`,
        audience: 'customers',
        dim: 26,
        model: 'test-letters',
        hit: false,
      },
      {
        document_ref: `guide:${doc.id}#step-2`,
        audience: 'customers',
        dim: 26,
        model: 'test-letters',
        hit: true,
      },
    ]);
    await replaceSourceChunks(ctx, { ...doc, sections: doc.sections.slice(0, 1) }, letters);
    expect(await db.query('select 1 from retrieval_chunks where workspace_id = $1', [ws.id])).toHaveLength(1);
    await removeSourceChunks(ctx, 'guide', doc.id);
    expect(await db.query('select 1 from retrieval_chunks where workspace_id = $1', [ws.id])).toHaveLength(0);
  });

  it('leaves vectors to a job when the embedder is not inline, and enqueues it once', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    await replaceSourceChunks(ctx, doc, remote);
    await replaceSourceChunks(ctx, doc, remote);
    const chunks = await db.query<{ embedding: unknown }>(
      'select embedding from retrieval_chunks where workspace_id = $1',
      [ws.id],
    );
    expect(chunks.map((c) => c.embedding)).toEqual([null, null]);
    const jobs = await db.query<{ payload: unknown }>(
      'select payload from jobs where workspace_id = $1 and kind = $2',
      [ws.id, EMBED_SOURCE_JOB],
    );
    expect(jobs).toEqual([{ payload: { kind: 'guide', id: doc.id } }]);
  });
});
