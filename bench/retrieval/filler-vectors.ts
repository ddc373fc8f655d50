import type { Embedder } from '../../server-core/retrieval/types';

/** FNV-1a of the text: the same text always gets the same filler vector. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small seeded generator, uniform in [0, 1). */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * Vectors for the synthetic filler chunks that grow the workspace to 20,000, when the measured model is
 * too slow to embed them all (the sentence encoder: ~10 chunks/s here, over half an hour). The first
 * `real` texts are embedded by the model; each later one gets a vector near one of those: a real vector,
 * plus up to half of a second one, plus Gaussian noise of norm ~0.3, made unit length, all drawn from a
 * hash of its text. The filler is recombined sentences of the set under other product names, so its
 * vectors sit near real ones; latency and the coarse path's recall are measured among them. Same model
 * name, so searches read them as the model's.
 */
export function fillerEmbedder(inner: Embedder, real: number): Embedder {
  const pool: Float32Array[] = [];
  return {
    ...inner,
    async embed(texts) {
      const out: Float32Array[] = [];
      const toEmbed = texts.slice(0, Math.max(0, real - pool.length));
      if (toEmbed.length > 0) {
        const vectors = await inner.embed(toEmbed);
        pool.push(...vectors);
        out.push(...vectors);
      }
      for (const text of texts.slice(toEmbed.length)) {
        const next = generator(hash(text));
        const a = pool[Math.floor(next() * pool.length)]!;
        const b = pool[Math.floor(next() * pool.length)]!;
        const share = next() / 2;
        const noise = 0.3 / Math.sqrt(a.length);
        const v = a.map((x, i) => {
          // Box-Muller: a standard normal from two uniforms.
          const g = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
          return x + share * b[i]! + noise * g;
        });
        const norm = Math.hypot(...v);
        out.push(v.map((x) => x / norm));
      }
      return out;
    },
  };
}
