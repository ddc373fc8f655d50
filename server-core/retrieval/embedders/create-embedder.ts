import type { Config } from '../../lib/config';
import type { Embedder } from '../types';
import { createGloveEmbedder } from './glove-embedder';
import { createHttpEmbedder } from './http-embedder';

/**
 * The configured embedder: an OpenAI-compatible endpoint when EMBEDDINGS_URL is set, otherwise the
 * offline GloVe one (its converted table cached beside the package, or in DATA_DIR/cache when
 * node_modules is read-only).
 */
export function createEmbedder(config: Pick<Config, 'embeddings' | 'dataDir'>): Embedder & {
  ready(): Promise<void>;
} {
  if (config.embeddings) {
    const http = createHttpEmbedder(config.embeddings);
    return Object.assign(http, { ready: async () => {} });
  }
  return createGloveEmbedder({ cacheDirs: [`${config.dataDir}/cache`] });
}
