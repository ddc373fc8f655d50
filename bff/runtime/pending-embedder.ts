import type { Embedder } from '../../server-core/retrieval/types';

/**
 * TODO(issue 5, search): replaced by the configured embedder (the built-in offline one, or
 * EMBEDDINGS_URL) when the search branch's wiring is merged. Until then content is indexed for
 * full-text search at once (chunks with a null vector) and a `retrieval.embed_source` job is queued
 * for the vectors; this embedder is never called inline and refuses if anything calls it.
 */
export const pendingEmbedder: Embedder = {
  model: 'pending',
  dimension: 0,
  inline: false,
  embed: () =>
    Promise.reject(new Error('No embedder is configured yet (see bff/runtime/pending-embedder.ts).')),
};
