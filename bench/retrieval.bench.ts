import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Ctx, SYSTEM_ACTOR } from '../server-core/context';
import { openPglite } from '../server-core/db/adapters/pglite';
import type { Db } from '../server-core/db/db';
import { systemClock } from '../server-core/lib/clock';
import { createGloveEmbedder } from '../server-core/retrieval/embedders/glove-embedder';
import { replaceSourceChunks } from '../server-core/retrieval/replace-source-chunks';
import { searchChunks } from '../server-core/retrieval/search-chunks';
import type { Audience, Embedder } from '../server-core/retrieval/types';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { openThrowawaySchema, type ThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { createWorkspace } from '../server-core/workspaces/create-workspace';
import { EVAL_DOCUMENTS, EVAL_QUERIES } from './retrieval/dataset';
import { type Evaluation, evaluate, K, misses } from './retrieval/evaluate';
import { mean } from './retrieval/metrics';
import { syntheticDocuments } from './retrieval/synthetic-corpus';
import { toSourceDocument } from './retrieval/to-source-document';
import { summarize, time } from './stats';

const TOTAL_CHUNKS = Number(process.env.BENCH_RETRIEVAL_CHUNKS ?? 20_000);
const TIMED_QUERIES = Number(process.env.BENCH_RETRIEVAL_QUERIES ?? 200);
const WARMUP_QUERIES = 20;
/** BENCH_RETRIEVAL_VERBOSE=1: each query hybrid misses, with what came first instead. */
const VERBOSE = process.env.BENCH_RETRIEVAL_VERBOSE === '1';
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';
const AUDIENCES: Audience[] = ['public', 'customers'];
const MODES = ['fulltext', 'vector', 'hybrid'] as const;
type Mode = (typeof MODES)[number];

/**
 * How the vector side is answered: pgvector's HNSW index, exact cosine over the stored cube copies (C),
 * or exact cosine over real[] in SQL.
 */
interface VectorPath {
  label: string;
  vector: boolean;
  cube?: boolean;
}

const f3 = (x: number) => x.toFixed(3);
const pad = (s: string, n: number) => s.padEnd(n);

function search(ctx: Ctx, embedder: Embedder, path: VectorPath, mode: Mode, query: string) {
  return searchChunks(
    ctx,
    { embedder, vector: path.vector, cube: path.cube },
    { query, topK: K, audiences: AUDIENCES, mode },
  );
}

async function indexEvaluationSet(ctx: Ctx, embedder: Embedder): Promise<number> {
  let chunks = 0;
  for (const doc of EVAL_DOCUMENTS) chunks += await replaceSourceChunks(ctx, toSourceDocument(doc), embedder);
  return chunks;
}

async function measureQuality(
  ctx: Ctx,
  embedder: Embedder,
  path: VectorPath,
): Promise<Record<Mode, Evaluation>> {
  const out = {} as Record<Mode, Evaluation>;
  for (const mode of MODES) {
    out[mode] = await evaluate(EVAL_QUERIES, async (query) =>
      (await search(ctx, embedder, path, mode, query)).map((hit) => hit.source.id),
    );
  }
  return out;
}

function printQuality(label: string, q: Record<Mode, Evaluation>, detail: boolean): void {
  console.log(`  ${label}`);
  console.log(
    `    ${pad('mode', 10)} nDCG@${K}  MRR@${K}   | nDCG@${K} keyword  question  paraphrase | answer not in top ${K}`,
  );
  for (const mode of MODES) {
    const e = q[mode];
    const missed = misses(e).length;
    console.log(
      `    ${pad(mode, 10)} ${f3(e.ndcg)}   ${f3(e.mrr)}    |        ${f3(e.byKind.keyword.ndcg)}    ` +
        `${f3(e.byKind.question.ndcg)}     ${f3(e.byKind.paraphrase.ndcg)}    | ${missed}/${e.scores.length}`,
    );
  }
  const dn = q.hybrid.ndcg - q.fulltext.ndcg;
  const dm = q.hybrid.mrr - q.fulltext.mrr;
  const sign = (x: number) => (x >= 0 ? '+' : '') + f3(x);
  console.log(
    `    hybrid vs full-text: nDCG@${K} ${sign(dn)}, MRR ${sign(dm)}: hybrid ${
      dn > 0 && dm > 0 ? 'beats' : dn > 0 || dm > 0 ? 'beats on one metric only,' : 'does NOT beat'
    } full-text`,
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
async function growTo(ctx: Ctx, embedder: Embedder, have: number, target: number): Promise<number> {
  let added = 0;
  for (const doc of syntheticDocuments(EVAL_DOCUMENTS, { chunks: target - have })) {
    added += await replaceSourceChunks(ctx, doc, embedder);
  }
  return added;
}

async function measureLatency(
  ctx: Ctx,
  embedder: Embedder,
  path: VectorPath,
  mode: Mode,
): Promise<ReturnType<typeof summarize>> {
  const text = (i: number) => EVAL_QUERIES[i % EVAL_QUERIES.length]!.query;
  for (let i = 0; i < WARMUP_QUERIES; i++) await search(ctx, embedder, path, mode, text(i + 7));
  const ms: number[] = [];
  for (let i = 0; i < TIMED_QUERIES; i++) {
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
    : db.capabilities.cube
      ? [
          { label: 'exact cosine, cube (no pgvector)', vector: false, cube: true },
          { label: 'exact cosine, SQL (no pgvector)', vector: false },
        ]
      : [{ label: 'exact cosine, SQL (no pgvector)', vector: false }];
  const ws = await createWorkspace(db, { name: 'retrieval bench', now: new Date() });
  const ctx: Ctx = { db, clock: systemClock, workspaceId: ws.id, actor: SYSTEM_ACTOR };

  const [evalChunks, indexMs] = await time(() => indexEvaluationSet(ctx, embedder));
  console.log(
    `${label}: evaluation set indexed: ${EVAL_DOCUMENTS.length} documents, ${evalChunks} chunks in ` +
      `${(indexMs / 1000).toFixed(1)} s`,
  );
  for (const [i, path] of paths.entries()) {
    const [quality, ms] = await time(() => measureQuality(ctx, embedder, path));
    printQuality(
      `quality, ${EVAL_QUERIES.length} queries x ${MODES.length} modes, vectors by ${path.label} (${(ms / 1000).toFixed(1)} s)`,
      quality,
      i === 0,
    );
  }

  const [added, growMs] = await time(() => growTo(ctx, embedder, evalChunks, TOTAL_CHUNKS));
  const [count] = await db.query<{ n: number }>(
    'select count(*)::int as n from retrieval_chunks where workspace_id = $1',
    [ws.id],
  );
  console.log(
    `  grown to ${count!.n} chunks in the workspace: ${added} synthetic chunks indexed (embedded and written ` +
      `through replaceSourceChunks, one article per transaction) in ${(growMs / 1000).toFixed(1)} s, ` +
      `${Math.round(added / (growMs / 1000))} chunks/s`,
  );
  await db.query('analyze retrieval_chunks');
  if (paths.length > 1) {
    const recall = await indexRecall(ctx, embedder, paths[0]!, paths[1]!);
    console.log(
      `  ${paths[0]!.label} recall@${K} against ${paths[1]!.label} (vector mode, ${EVAL_QUERIES.length} queries, ` +
        `${count!.n} chunks): ${f3(recall)}`,
    );
  }
  for (const path of paths) {
    for (const mode of ['hybrid', 'fulltext', 'vector'] as const) {
      const s = await measureLatency(ctx, embedder, path, mode);
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
  const embedder = createGloveEmbedder();
  const [, loadMs] = await time(() => embedder.ready());
  const kinds = EVAL_QUERIES.reduce<Record<string, number>>((m, q) => {
    m[q.kind] = (m[q.kind] ?? 0) + 1;
    return m;
  }, {});
  console.log(
    `retrieval: ${EVAL_DOCUMENTS.length} help-center articles over ${new Set(EVAL_DOCUMENTS.map((d) => d.product)).size} ` +
      `products, ${EVAL_QUERIES.length} judged queries (${Object.entries(kinds)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}); embedder ${embedder.model} (loaded in ${Math.round(loadMs)} ms); ` +
      `top ${K} chunks per query, audiences ${AUDIENCES.join('+')} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );

  const dir = mkdtempSync(join(tmpdir(), 'bench-retrieval-'));
  try {
    const pglite = await openPglite({ dataDir: dir });
    await prepareDatabase(pglite, new Date());
    await benchDatabase(pglite, 'PGlite', embedder);
    await pglite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const pg = await openBenchPostgres();
  if (pg) {
    try {
      await benchDatabase(pg.db, 'Postgres', embedder);
    } finally {
      await pg.dispose();
    }
  }
}
