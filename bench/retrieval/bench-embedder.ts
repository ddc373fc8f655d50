import {
  createOfflineEmbedder,
  OFFLINE_EMBEDDERS,
  type OfflineEmbedderName,
} from '../../server-core/retrieval/embedders/create-embedder';
import type { Embedder } from '../../server-core/retrieval/types';
import { summarize, time } from '../stats';

/**
 * The embedder the bench measures (BENCH_RETRIEVAL_EMBEDDER, the product's default unless set), always
 * inline. The bench indexes through replaceSourceChunks, which leaves a non-inline embedder's vectors to
 * the retrieval.embed_source job; flagging it inline makes the write embed first (outside its transaction),
 * giving the same vectors under the same model name without a worker. Bench only: in production a slow
 * embedder must not run on the write path.
 */
export function benchEmbedder(name: string): Embedder & { ready(): Promise<void> } {
  if (!(OFFLINE_EMBEDDERS as readonly string[]).includes(name))
    throw new Error(`BENCH_RETRIEVAL_EMBEDDER must be one of ${OFFLINE_EMBEDDERS.join(', ')}, not ${name}`);
  const inner = createOfflineEmbedder(name as OfflineEmbedderName);
  return {
    model: inner.model,
    dimension: inner.dimension,
    inline: true,
    closeness: inner.closeness,
    textWeight: inner.textWeight,
    ready: () => inner.ready(),
    embed: (texts, options) => inner.embed(texts, options),
  };
}

/** What one search spends turning its query into a vector: single short queries, one at a time. */
export async function queryEmbeddingCost(
  embedder: Embedder,
  queries: readonly string[],
  calls = 200,
): Promise<ReturnType<typeof summarize>> {
  const query = { purpose: 'query' } as const;
  for (const q of queries.slice(0, 10)) await embedder.embed([q], query);
  const ms: number[] = [];
  for (let i = 0; i < calls; i++)
    ms.push((await time(() => embedder.embed([queries[i % queries.length]!], query)))[1]);
  return summarize(ms);
}
