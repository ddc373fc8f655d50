import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { encodeGlove, type GloveRow, quantise } from './glove-format';

/** Words the tokenizer can produce (letters and digits, joined by inner hyphens or apostrophes). */
export const WORD_RE = /^[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*$/u;

export interface ConvertOptions {
  /** Keep only the most frequent words (by the source's rank); all when omitted. */
  maxWords?: number;
}

const VECTORS_KEY = '"vectors":{';
/** One entry of the vectors object: "word":[c1,...,cD,l2norm,wordIndex] */
const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\],?/y;

/**
 * Streams the package's JSON (~300 MB: `{ ..., "dimensions": D, "words": [...], "vectors": { word:
 * [D components, l2 norm, word index] }, ... }`) without holding it whole, keeps the words the
 * tokenizer can produce, normalises each vector to unit length and encodes the compact binary.
 */
export async function convertGloveJson(jsonPath: string, opts: ConvertOptions = {}): Promise<Buffer> {
  const decoder = new StringDecoder('utf8');
  const rows: GloveRow[] = [];
  let dim = 0;
  let carry = '';
  let inVectors = false;
  let done = false;
  let header = '';
  for await (const chunk of createReadStream(jsonPath, { highWaterMark: 4 << 20 })) {
    if (done) break;
    let text = carry + decoder.write(chunk as Buffer);
    if (!inVectors) {
      const at = text.indexOf(VECTORS_KEY);
      if (at < 0) {
        if (header.length < 4096) header += text.slice(0, Math.max(0, text.length - VECTORS_KEY.length));
        carry = text.slice(-VECTORS_KEY.length);
        continue;
      }
      if (header.length < 4096) header += text.slice(0, at);
      text = text.slice(at + VECTORS_KEY.length);
      inVectors = true;
    }
    ENTRY.lastIndex = 0;
    let pos = 0;
    for (;;) {
      if (text[pos] === '}') {
        done = true;
        break;
      }
      ENTRY.lastIndex = pos;
      const m = ENTRY.exec(text);
      if (!m) break;
      pos = ENTRY.lastIndex;
      const values = m[2]!.split(',');
      if (dim === 0) dim = values.length - 2;
      if (values.length !== dim + 2) throw new Error(`GloVe entry of ${values.length} numbers`);
      const word = m[1]!.includes('\\') ? (JSON.parse(`"${m[1]}"`) as string) : m[1]!;
      if (!WORD_RE.test(word) || word !== word.toLowerCase()) continue;
      const rank = Number(values[dim + 1]) + 1;
      if (opts.maxWords !== undefined && rank > opts.maxWords) continue;
      const vector = new Float32Array(dim);
      let norm = 0;
      for (let d = 0; d < dim; d++) {
        const x = Number(values[d]);
        vector[d] = x;
        norm += x * x;
      }
      norm = Math.sqrt(norm);
      if (!(norm > 0)) continue;
      for (let d = 0; d < dim; d++) vector[d]! /= norm;
      rows.push({ word, rank, ...quantise(vector) });
    }
    carry = text.slice(pos);
    if (!done && carry.length > 1 << 20) throw new Error('GloVe JSON: unexpected content in vectors');
  }
  if (!done) throw new Error('GloVe JSON: vectors object not found or not terminated');
  const declared = /"dimensions":(\d+)/.exec(header);
  if (declared && Number(declared[1]) !== dim) throw new Error('GloVe JSON: dimension mismatch');
  rows.sort((a, b) => a.rank - b.rank);
  return encodeGlove(rows, dim);
}
