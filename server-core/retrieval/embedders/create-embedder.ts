import type { Embedder } from '../types';
import { createGloveEmbedder } from './glove-embedder';
import { createHttpEmbedder, type HttpEmbedderOptions } from './http-embedder';

/** The embedder settings a process reads from its configuration; server-core holds no process config. */
export interface EmbedderSettings {
  /** An OpenAI-compatible embeddings endpoint, or null for the built-in offline embedder. */
  endpoint: Pick<HttpEmbedderOptions, 'url' | 'model' | 'key' | 'dimension'> | null;
  /** Where the offline embedder caches its converted table when node_modules is read-only. */
  cacheDir: string;
}

/**
 * The configured embedder: an OpenAI-compatible endpoint when one is set, otherwise the offline GloVe
 * one (its converted table cached beside the package, or in the cache dir when node_modules is
 * read-only).
 */
export function createEmbedder(settings: EmbedderSettings): Embedder & {
  ready(): Promise<void>;
} {
  if (settings.endpoint) {
    const http = createHttpEmbedder(settings.endpoint);
    return Object.assign(http, { ready: async () => {} });
  }
  return createGloveEmbedder({ cacheDirs: [settings.cacheDir] });
}
