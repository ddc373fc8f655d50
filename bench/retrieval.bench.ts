import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Ctx, SYSTEM_ACTOR } from '../server-core/context';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import { CUBE_MAX_DIM } from '../server-core/retrieval/cube-vectors';
import { DEFAULT_OFFLINE_EMBEDDER } from '../server-core/retrieval/embedders/create-embedder';
import { replaceSourceChunks } from '../server-core/retrieval/replace-source-chunks';
import { searchChunks } from '../server-core/retrieval/search-chunks';
import type { Audience, Embedder } from '../server-core/retrieval/types';
import { ensureVectorIndex } from '../server-core/retrieval/vector-index';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { openThrowawaySchema, type ThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { createWorkspace } from '../server-core/workspaces/create-workspace';
import { benchEmbedder, queryEmbeddingCost } from './retrieval/bench-embedder';
import { EVAL_DOCUMENTS, EVAL_QUERIES } from './retrieval/dataset';
import { type Evaluation, evaluate, K, misses, type Summary } from './retrieval/evaluate';
import { fillerEmbedder } from './retrieval/filler-vectors';
import { mean } from './retrieval/metrics';
import { SET_B_DOCUMENTS, SET_B_QUERIES } from './retrieval/set-b/dataset';
import { splitQueries } from './retrieval/split';
import { syntheticDocuments } from './retrieval/synthetic-corpus';
import { toSourceDocument } from './retrieval/to-source-document';
import type { EvalDocument, EvalQuery, QueryKind } from './retrieval/types';
import { summarize, time } from './stats';

const TOTAL_CHUNKS = Number(process.env.BENCH_RETRIEVAL_CHUNKS ?? 20_000);
const TIMED_QUERIES = Number(process.env.BENCH_RETRIEVAL_QUERIES ?? 200);
const WARMUP_QUERIES = 20;
/** BENCH_RETRIEVAL_ALL_PATHS=1: quality through every vector path (they agree; the tests hold that). */
const ALL_PATHS_QUALITY = process.env.BENCH_RETRIEVAL_ALL_PATHS === '1';
/** BENCH_RETRIEVAL_ONLY=pglite|postgres: one database only. */
const ONLY = process.env.BENCH_RETRIEVAL_ONLY;
/** BENCH_RETRIEVAL_VERBOSE=1: each query hybrid misses, with what came first instead. */
const VERBOSE = process.env.BENCH_RETRIEVAL_VERBOSE === '1';
/** BENCH_RETRIEVAL_EMBEDDER=glove|use-lite: the offline embedder measured, the product's default unless set. */
const EMBEDDER = process.env.BENCH_RETRIEVAL_EMBEDDER ?? DEFAULT_OFFLINE_EMBEDDER;
/**
 * BENCH_RETRIEVAL_REAL_FILLER: how many synthetic chunks the model embeds before the rest get vectors near
 * those (retrieval/filler-vectors.ts); every one with GloVe, 400 by default with slower models.
 */
const REAL_FILLER = Number(
  process.env.BENCH_RETRIEVAL_REAL_FILLER ?? (EMBEDDER === 'glove' ? Infinity : 400),
);
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const AUDIENCES: Audience[] = ['public', 'customers'];
const MODES = ['fulltext', 'vector', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

/**
 * How the vector side is answered: pgvector's HNSW index, exact cosine over the stored cube copies (C),
 * the exact cosine of the candidates the sketches pick (over 100 dimensions), or exact cosine over real[]
 * in SQL.
 */
interface VectorPath {
  label: string;
  vector: boolean;
  cube?: boolean;
  sketch?: boolean;
}

const f3 = (x: number) => x.toFixed(3);
const pad = (s: string, n: number) => s.padEnd(n);

function search(ctx: Ctx, embedder: Embedder, path: VectorPath, mode: Mode, query: string) {
  return searchChunks(
    ctx,
    { embedder, vector: path.vector, cube: path.cube, sketch: path.sketch },
    { query, topK: K, audiences: AUDIENCES, mode },
  );
}

async function indexDocuments(ctx: Ctx, embedder: Embedder, docs: readonly EvalDocument[]): Promise<number> {
  let chunks = 0;
  for (const doc of docs) chunks += await replaceSourceChunks(ctx, toSourceDocument(doc), embedder);
  return chunks;
}

/** One judged query list searched in one workspace: the first set's two parts, the second set whole. */
interface QuerySet {
  label: string;
  ctx: Ctx;
  queries: readonly EvalQuery[];
  heldOut: boolean;
}

async function measureQuality(
  set: QuerySet,
  embedder: Embedder,
  path: VectorPath,
): Promise<Record<Mode, Evaluation>> {
  const out = {} as Record<Mode, Evaluation>;
  for (const mode of MODES) {
    out[mode] = await evaluate(set.queries, async (query) =>
      (await search(set.ctx, embedder, path, mode, query)).map((hit) => hit.source.id),
    );
  }
  return out;
}

const cell = (s: Summary | undefined) => (s ? `${f3(s.mrr)} ${f3(s.recall)}` : '  -     -  ');

function printQuality(set: QuerySet, q: Record<Mode, Evaluation>, detail: boolean): void {
  const kinds = Object.keys(q.hybrid.byKind) as QueryKind[];
  console.log(
    `  ${set.label} (${set.queries.length} queries${set.heldOut ? ', held out' : ', development'}): MRR@${K} recall@${K}`,
  );
  console.log(
    `    ${pad('mode', 10)} ${pad('all', 12)} nDCG@${K} | ${kinds.map((k) => pad(`${k} (${q.hybrid.byKind[k]!.n})`, 16)).join(' ')} | answer not in top ${K}`,
  );
  for (const mode of MODES) {
    const e = q[mode];
    console.log(
      `    ${pad(mode, 10)} ${cell(e)}  ${f3(e.ndcg)}  | ${kinds.map((k) => pad(cell(e.byKind[k]), 16)).join(' ')} | ` +
        `${misses(e).length}/${e.scores.length}`,
    );
  }
  const short = kinds.filter(
    (k) => q.hybrid.byKind[k]!.mrr < Math.max(q.fulltext.byKind[k]!.mrr, q.vector.byKind[k]!.mrr) - 1e-9,
  );
  console.log(
    `    hybrid >= best single method (MRR) on every kind: ${short.length === 0 ? 'yes' : `NO (${short.join(', ')})`}`,
  );
  if (!detail) return;
  for (const mode of MODES) {
    const ids = misses(q[mode]).map((s) => s.query.id);
    console.log(`    missed by ${pad(`${mode}:`, 9)} ${ids.join(' ') || '-'}`);
  }
  if (!VERBOSE) return;
  for (const s of misses(q.hybrid)) {
    const answers = Object.keys(s.query.relevant).filter((id) => s.query.relevant[id] === 2);
    console.log(
      `    ${s.query.id} "${s.query.query}" wants ${answers.join(', ')}; hybrid gave ${s.ranked.slice(0, 3).join(', ') || 'nothing'}`,
    );
  }
}

/** Adds synthetic articles through the same write path until the workspace holds `target` chunks. */
async function growTo(ctx: Ctx, model: Embedder, have: number, target: number): Promise<number> {
  const embedder = Number.isFinite(REAL_FILLER) ? fillerEmbedder(model, REAL_FILLER) : model;
  let added = 0;
  let analyzedAt = 0;
  for (const doc of syntheticDocuments(EVAL_DOCUMENTS, { chunks: target - have })) {
    added += await replaceSourceChunks(ctx, doc, embedder);
    // What autovacuum does on a production Postgres (it is off on some machines, and PGlite has none):
    // fresh statistics invalidate plans cached while the tables were small.
    if (added - analyzedAt >= 2000) {
      await ctx.db.query('analyze retrieval_chunks, retrieval_postings, retrieval_corpus_stats');
      analyzedAt = added;
    }
  }
  return added;
}

async function measureLatency(
  ctx: Ctx,
  embedder: Embedder,
  path: VectorPath,
  mode: Mode,
  queries = TIMED_QUERIES,
): Promise<ReturnType<typeof summarize>> {
  const text = (i: number) => EVAL_QUERIES[i % EVAL_QUERIES.length]!.query;
  for (let i = 0; i < Math.min(WARMUP_QUERIES, queries); i++)
    await search(ctx, embedder, path, mode, text(i + 7));
  const ms: number[] = [];
  for (let i = 0; i < queries; i++) {
    const [, t] = await time(() => search(ctx, embedder, path, mode, text(i)));
    ms.push(t);
  }
  return summarize(ms);
}

/** Mean share of the exact nearest chunks that the approximate path also returns. */
async function indexRecall(
  ctx: Ctx,
  embedder: Embedder,
  approx: VectorPath,
  exact: VectorPath,
): Promise<number> {
  const shares: number[] = [];
  for (const q of EVAL_QUERIES) {
    const truth = (await search(ctx, embedder, exact, 'vector', q.query)).map((h) => h.chunk_id);
    if (truth.length === 0) continue;
    const got = new Set((await search(ctx, embedder, approx, 'vector', q.query)).map((h) => h.chunk_id));
    shares.push(truth.filter((id) => got.has(id)).length / truth.length);
  }
  return mean(shares);
}

/** Quality on the evaluation set, then latency once the workspace holds TOTAL_CHUNKS chunks. */
async function benchDatabase(db: Db, label: string, embedder: Embedder): Promise<void> {
  const paths: VectorPath[] = db.capabilities.vector
    ? [
        { label: 'pgvector HNSW', vector: true },
        { label: 'exact cosine', vector: false },
      ]
    : db.capabilities.cube && embedder.dimension <= CUBE_MAX_DIM
      ? [
          { label: 'exact cosine, cube (no pgvector)', vector: false, cube: true },
          { label: 'exact cosine, SQL (no pgvector)', vector: false },
        ]
      : db.capabilities.sketch && embedder.dimension > CUBE_MAX_DIM
        ? [
            {
              label: 'sketches, exact cosine (no pgvector)',
              vector: false,
              sketch: true,
              cube: db.capabilities.cube,
            },
            { label: 'exact cosine, SQL (no pgvector)', vector: false },
          ]
        : [{ label: 'exact cosine, SQL (no pgvector)', vector: false }];
  // As runtime/boot.ts does: migration 009 indexes 100 dimensions only, another length gets its own index.
  await ensureVectorIndex(db, embedder.dimension);
  const ws = await createWorkspace(db, { name: 'retrieval bench', now: new Date() });
  const ctx: Ctx = { db, clock: systemClock, workspaceId: ws.id, actor: SYSTEM_ACTOR };
  // The second set is another help center: its own workspace, so its statistics are its own.
  const wsB = await createWorkspace(db, { name: 'retrieval bench, second set', now: new Date() });
  const ctxB: Ctx = { ...ctx, workspaceId: wsB.id };

  const [evalChunks, indexMs] = await time(() => indexDocuments(ctx, embedder, EVAL_DOCUMENTS));
  const bChunks = await indexDocuments(ctxB, embedder, SET_B_DOCUMENTS);
  console.log(
    `${label}: first set indexed: ${EVAL_DOCUMENTS.length} documents, ${evalChunks} chunks in ` +
      `${(indexMs / 1000).toFixed(1)} s; second set: ${SET_B_DOCUMENTS.length} documents, ${bChunks} chunks`,
  );
  const sets: QuerySet[] = [
    { label: 'first set, development part', ctx, queries: splitQueries(EVAL_QUERIES, 'dev'), heldOut: false },
    {
      label: 'first set, held-out part',
      ctx,
      queries: splitQueries(EVAL_QUERIES, 'held-out'),
      heldOut: true,
    },
    { label: 'second set', ctx: ctxB, queries: SET_B_QUERIES, heldOut: true },
  ];
  for (const [i, path] of paths.entries()) {
    if (i > 0 && !ALL_PATHS_QUALITY) continue;
    console.log(`  quality, vectors by ${path.label}`);
    for (const set of sets) printQuality(set, await measureQuality(set, embedder, path), i === 0);
  }
  if (TOTAL_CHUNKS === 0) return;

  const [added, growMs] = await time(() => growTo(ctx, embedder, evalChunks, TOTAL_CHUNKS));
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from retrieval_chunks where workspace_id = $1',
    [ws.id],
  );
  console.log(
    `  grown to ${count!.n} chunks in the workspace: ${added} synthetic chunks indexed (${
      Number.isFinite(REAL_FILLER)
        ? `the first ${REAL_FILLER} embedded, the rest near those, `
        : 'embedded and '
    }written ` +
      `through replaceSourceChunks, one article per transaction) in ${(growMs / 1000).toFixed(1)} s, ` +
      `${Math.round(added / (growMs / 1000))} chunks/s`,
  );
  // The steady state autovacuum reaches on Postgres: statistics, and a visibility map that lets the
  // postings be read from their index alone (right after a bulk load every entry also visits the heap).
  await db.query('vacuum analyze retrieval_chunks, retrieval_postings');
  if (paths.length > 1) {
    const recall = await indexRecall(ctx, embedder, paths[0]!, paths[1]!);
    console.log(
      `  ${paths[0]!.label} recall@${K} against ${paths[1]!.label} (vector mode, ${EVAL_QUERIES.length} queries, ` +
        `${count!.n} chunks): ${f3(recall)}`,
    );
  }
  for (const [i, path] of paths.entries()) {
    // The reference path over long vectors takes over a second a query at 20,000 chunks: a sample does.
    const queries = i > 0 && embedder.dimension > CUBE_MAX_DIM ? 20 : TIMED_QUERIES;
    for (const mode of ['hybrid', 'fulltext', 'vector'] as const) {
      const s = await measureLatency(ctx, embedder, path, mode, queries);
      console.log(
        `  latency ${pad(mode, 8)} ${pad(path.label, 33)} ${s.n} queries  p50 ${s.p50} ms  p95 ${s.p95} ms  ` +
          `p99 ${s.p99} ms${mode === 'hybrid' ? `  (goal p95 < 50 ms: ${s.p95 < 50 ? 'met' : 'NOT met'})` : ''}`,
      );
    }
  }
}

/** A throwaway schema on the Postgres at DATABASE_URL, or the local test one; null when unreachable. */
async function openBenchPostgres(): Promise<{ db: Db; dispose(): Promise<void> } | null> {
  const url = process.env.DATABASE_URL ?? LOCAL_POSTGRES;
  let scoped: ThrowawaySchema;
  try {
    scoped = await openThrowawaySchema(url, { prefix: 'bench_retrieval', max: 2 });
  } catch (err) {
    console.log(`Postgres: skipped (${url} unreachable: ${(err as Error).message})`);
    return null;
  }
  await prepareDatabase(scoped.db, new Date());
  return scoped;
}

/**
 * `npm run bench -- retrieval`: search quality (nDCG@8, MRR) of full-text, vectors and hybrid on the
 * evaluation set in bench/retrieval/, then query latency with TOTAL_CHUNKS chunks in one workspace, on
 * PGlite (pgvector HNSW and exact cosine) and on Postgres (exact cosine where pgvector is missing).
 */
export async function retrievalBench(): Promise<void> {
  const embedder = benchEmbedder(EMBEDDER);
  const rssBefore = process.memoryUsage().rss;
  const [, loadMs] = await time(() => embedder.ready());
  const rssLoaded = process.memoryUsage().rss;
  const queryCost = await queryEmbeddingCost(
    embedder,
    EVAL_QUERIES.map((q) => q.query),
  );
  const describe = (docs: readonly EvalDocument[], queries: readonly EvalQuery[]) => {
    const kinds = queries.reduce<Record<string, number>>((m, q) => {
      m[q.kind] = (m[q.kind] ?? 0) + 1;
      return m;
    }, {});
    return (
      `${docs.length} help-center articles over ${new Set(docs.map((d) => d.product)).size} products, ` +
      `${queries.length} judged queries (${Object.entries(kinds)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')})`
    );
  };
  console.log(
    `retrieval: first set ${describe(EVAL_DOCUMENTS, EVAL_QUERIES)}; second set ` +
      `${describe(SET_B_DOCUMENTS, SET_B_QUERIES)}; embedder ${embedder.model} (loaded in ${Math.round(loadMs)} ms); ` +
      `top ${K} chunks per query, audiences ${AUDIENCES.join('+')} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  console.log(
    `embedder: RSS ${mb(rssBefore)} MB before load, ${mb(rssLoaded)} MB after; one query embedded alone ` +
      `(${queryCost.n} calls) p50 ${queryCost.p50} ms p95 ${queryCost.p95} ms`,
  );

  const dir = mkdtempSync(join(tmpdir(), 'bench-retrieval-'));
  if (ONLY !== 'postgres')
    try {
      const pglite = await openPglite({ dataDir: dir });
      await prepareDatabase(pglite, new Date());
      await benchDatabase(pglite, 'PGlite', embedder);
      await pglite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

  const pg = ONLY === 'pglite' ? null : await openBenchPostgres();
  if (pg) {
    try {
      await benchDatabase(pg.db, 'Postgres', embedder);
    } finally {
      await pg.dispose();
    }
  }
}
