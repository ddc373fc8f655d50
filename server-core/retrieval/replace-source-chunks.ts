import type { Ctx } from '../context';
import { enqueueJob } from '../jobs/jobs';
import { newId } from '../lib/ulid';
import { withJoinedCompounds } from './compound-words';
import { applyCorpusDeltas, type CorpusDelta, deltasOf } from './corpus-stats';
import { insertChunks } from './insert-chunks';
import { splitSections } from './split-sections';
import type { Audience, Embedder, SourceDocument, SourceKind } from './types';

/** The job that fills embeddings a non-inline embedder could not compute inside the write. */
export const EMBED_SOURCE_JOB = 'retrieval.embed_source';

/** One pending or running embedding job per source. */
export function embedJobDedupeKey(workspaceId: string, kind: string, id: string): string {
  return `${EMBED_SOURCE_JOB}:${workspaceId}:${kind}:${id}`;
}

/** `guide:<id>#step-3`: the source and, when the chunk is one part of it, the part's anchor. */
export function documentRef(kind: SourceKind, id: string, anchor: string | null): string {
  return anchor ? `${kind}:${id}#${anchor}` : `${kind}:${id}`;
}

/** The text an embedder sees for a chunk: the source title and heading give it context. */
export function embeddingText(title: string, heading: string | null, text: string): string {
  return [title, heading, text].filter(Boolean).join('\n');
}

/** Without a retrieval_settings row, a workspace searches in English. */
export const DEFAULT_TEXT_SEARCH_CONFIG = 'english';

/** The workspace's text-search configuration (english unless set). */
export async function textSearchConfig(ctx: Ctx): Promise<string> {
  const rows = await ctx.db.query<{ text_search_config: string }>(
    'select text_search_config from retrieval_settings where workspace_id = $1',
    [ctx.workspaceId],
  );
  return rows[0]?.text_search_config ?? DEFAULT_TEXT_SEARCH_CONFIG;
}

/** Deletes a source's chunks (their postings go by cascade), answering their audiences and lengths. */
async function deleteChunks(ctx: Ctx, kind: SourceKind, id: string): Promise<CorpusDelta[]> {
  const rows = await ctx.db.query<{ audience: Audience; title_terms: number; text_terms: number }>(
    `delete from retrieval_chunks where workspace_id = $1 and source_kind = $2 and source_id = $3
     returning audience, title_terms, text_terms`,
    [ctx.workspaceId, kind, id],
  );
  return deltasOf(rows, -1);
}

/** Drops every chunk of a source (unpublished or deleted: never returned again). */
export async function removeSourceChunks(ctx: Ctx, kind: SourceKind, id: string): Promise<void> {
  await ctx.db.tx(async (db) => {
    await applyCorpusDeltas(db, ctx.workspaceId, await deleteChunks({ ...ctx, db }, kind, id));
  });
}

/**
 * Replaces a source's chunks with those of `doc`, in the caller's transaction. An inline embedder
 * embeds here; any other leaves the vectors null and enqueues a job (full-text finds the chunks at
 * once, vectors once the job has run).
 */
export async function replaceSourceChunks(
  ctx: Ctx,
  doc: SourceDocument,
  embedder: Embedder,
): Promise<number> {
  const drafts = splitSections(doc.sections);
  const now = ctx.clock.now();
  const vectors = embedder.inline
    ? await embedder.embed(drafts.map((d) => embeddingText(doc.title, d.heading, d.text)))
    : null;
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const removed = await deleteChunks(tctx, doc.kind, doc.id);
    if (drafts.length === 0) {
      await applyCorpusDeltas(db, ctx.workspaceId, removed);
      return 0;
    }
    const config = await textSearchConfig(tctx);
    const written = await insertChunks(db, {
      workspaceId: ctx.workspaceId,
      kind: doc.kind,
      sourceId: doc.id,
      title: doc.title,
      url: doc.url,
      audience: doc.audience,
      textSearchConfig: config,
      model: vectors ? embedder.model : null,
      dimension: vectors ? embedder.dimension : null,
      now,
      ids: drafts.map(() => newId(now)),
      seqs: drafts.map((_, i) => i),
      refs: drafts.map((d) => documentRef(doc.kind, doc.id, d.anchor)),
      headings: drafts.map((d) => d.heading),
      texts: drafts.map((d) => d.text),
      embeddings: drafts.map((_, i) => (vectors ? vectorLiteral(vectors[i]!) : null)),
      indexedTitle: withJoinedCompounds(doc.title),
      indexedHeadings: drafts.map((d) => (d.heading === null ? null : withJoinedCompounds(d.heading))),
      indexedTexts: drafts.map((d) => withJoinedCompounds(d.text)),
    });
    await applyCorpusDeltas(db, ctx.workspaceId, [...removed, ...deltasOf(written, 1)]);
    if (!vectors) {
      await enqueueJob(
        db,
        {
          kind: EMBED_SOURCE_JOB,
          workspaceId: ctx.workspaceId,
          payload: { kind: doc.kind, id: doc.id },
          dedupeKey: embedJobDedupeKey(ctx.workspaceId, doc.kind, doc.id),
        },
        now,
      );
    }
    return drafts.length;
  });
}

/** A Postgres array literal; non-finite numbers (a broken embedder) become 0 rather than fail the write. */
export function vectorLiteral(v: Float32Array): string {
  let s = '{';
  for (let i = 0; i < v.length; i++) {
    const x = v[i]!;
    s += (i ? ',' : '') + (Number.isFinite(x) ? x : 0);
  }
  return `${s}}`;
}
