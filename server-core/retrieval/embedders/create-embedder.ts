import type { Embedder } from '../types';
import { createGloveEmbedder } from './glove-embedder';
import { createHttpEmbedder, type HttpEmbedderOptions } from './http-embedder';
import { createUseLiteEmbedder } from './use-lite-embedder';

/** The built-in embedders: GloVe word vectors (light, inline) or the Universal Sentence Encoder lite. */
export const OFFLINE_EMBEDDERS = ['glove', 'use-lite'] as const;
export type OfflineEmbedderName = (typeof OFFLINE_EMBEDDERS)[number];
/** OFFLINE_EMBEDDER when unset: the sentence encoder (docs/decisions/retrieval.md#default-offline-embedder). */
export const DEFAULT_OFFLINE_EMBEDDER: OfflineEmbedderName = 'use-lite';

/** The embedder settings a process reads from its configuration; server-core holds no process config. */
export interface EmbedderSettings {
  /** An OpenAI-compatible embeddings endpoint, or null for the built-in offline embedder. */
  endpoint: Pick<HttpEmbedderOptions, 'url' | 'model' | 'key' | 'dimension'> | null;
  /** The built-in embedder used when no endpoint is set. */
  offline: OfflineEmbedderName;
  /** Where the offline GloVe embedder caches its converted table when node_modules is read-only. */
  cacheDir: string;
}

/**
 * The configured embedder: an OpenAI-compatible endpoint when one is set, otherwise the chosen offline
 * one (GloVe's converted table cached beside the package, or in the cache dir when node_modules is
 * read-only).
 */
export function createEmbedder(settings: EmbedderSettings): Embedder & {
  ready(): Promise<void>;
  /** Ends what the embedder runs beside the event loop (use-lite's threads), if anything. */
  close?(): Promise<void>;
} {
  if (settings.endpoint) {
    const http = createHttpEmbedder(settings.endpoint);
    return Object.assign(http, { ready: async () => {} });
  }
  return createOfflineEmbedder(settings.offline, [settings.cacheDir]);
}

/** A built-in embedder by name; GloVe looks for its converted table in `cacheDirs` too. */
export function createOfflineEmbedder(
  name: OfflineEmbedderName,
  cacheDirs: string[] = [],
): Embedder & { ready(): Promise<void>; close?(): Promise<void> } {
  return name === 'use-lite' ? createUseLiteEmbedder() : createGloveEmbedder({ cacheDirs });
}
