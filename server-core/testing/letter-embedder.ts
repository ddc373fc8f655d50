import type { Embedder } from '../retrieval/types';

/** A real (if crude) local embedder: letter frequencies, normalised. Enough to check storage. */
export const letterEmbedder: Embedder = {
  model: 'test-letters',
  dimension: 26,
  inline: true,
  async embed(texts) {
    return texts.map((t) => {
      const v = new Float32Array(26);
      for (const ch of t.toLowerCase()) {
        const i = ch.charCodeAt(0) - 97;
        if (i >= 0 && i < 26) v[i]! += 1;
      }
      const n = Math.hypot(...v) || 1;
      return v.map((x) => x / n);
    });
  },
};
