import type { Embedder } from '../types';
import { unitVector } from './unit-vector';

export interface HttpEmbedderOptions {
  /** EMBEDDINGS_URL: a base URL (`https://api.openai.com/v1`, we add `/embeddings`) or the full endpoint. */
  url: string;
  /** EMBEDDINGS_MODEL: sent as `model`, and stored with every vector. */
  model: string;
  /** EMBEDDINGS_KEY: sent as `Authorization: Bearer`; never logged. */
  key: string | null;
  /** EMBEDDINGS_DIM: when set, an answer of another length is an error; otherwise learned from the first answer. */
  dimension: number | null;
  /** Inputs per request. */
  batchSize?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_EMBEDDING_BATCH = 64;
export const DEFAULT_EMBEDDING_TIMEOUT_MS = 30_000;

export function embeddingsEndpoint(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/embeddings$/.test(trimmed) ? trimmed : `${trimmed}/embeddings`;
}

export class EmbeddingsError extends Error {
  override name = 'EmbeddingsError';
}

/**
 * Any OpenAI-compatible embeddings endpoint: POST { model, input: [...] } with a Bearer key, answer
 * { data: [{ index, embedding: number[] }] }. Not inline: vectors are filled by a background job,
 * whose failure (time-out, non-2xx, malformed answer) makes the job retry with backoff.
 */
export function createHttpEmbedder(opts: HttpEmbedderOptions): Embedder {
  const endpoint = embeddingsEndpoint(opts.url);
  const batchSize = opts.batchSize ?? DEFAULT_EMBEDDING_BATCH;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_EMBEDDING_TIMEOUT_MS;
  const doFetch = opts.fetch ?? fetch;
  let learned = opts.dimension;

  async function request(input: readonly string[]): Promise<Float32Array[]> {
    let res: Response;
    try {
      res = await doFetch(endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(opts.key ? { Authorization: `Bearer ${opts.key}` } : {}),
        },
        body: JSON.stringify({ model: opts.model, input }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const e = err as Error;
      throw new EmbeddingsError(
        e.name === 'TimeoutError'
          ? `embeddings endpoint did not answer within ${timeoutMs} ms`
          : `embeddings endpoint unreachable: ${e.message}`,
      );
    }
    const text = await res.text();
    if (!res.ok)
      throw new EmbeddingsError(`embeddings endpoint answered ${res.status}: ${text.slice(0, 200)}`);
    let body: { data?: { index?: number; embedding?: unknown }[] };
    try {
      body = JSON.parse(text);
    } catch {
      throw new EmbeddingsError('embeddings endpoint answered something other than JSON');
    }
    const data = body.data;
    if (!Array.isArray(data) || data.length !== input.length)
      throw new EmbeddingsError(
        `embeddings endpoint answered ${data?.length ?? 0} vectors for ${input.length} inputs`,
      );
    const out: Float32Array[] = new Array(input.length);
    data.forEach((item, i) => {
      const at = typeof item.index === 'number' ? item.index : i;
      const e = item.embedding;
      if (!Array.isArray(e) || e.length === 0 || !e.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new EmbeddingsError('embeddings endpoint answered a vector that is not a list of numbers');
      if (learned === null) learned = e.length;
      if (e.length !== learned)
        throw new EmbeddingsError(`embeddings endpoint answered ${e.length} dimensions, expected ${learned}`);
      if (at < 0 || at >= input.length || out[at])
        throw new EmbeddingsError('embeddings endpoint answered a bad index');
      out[at] = unitVector(e as number[]);
    });
    return out;
  }

  return {
    model: opts.model,
    get dimension() {
      return learned ?? 0;
    },
    inline: false,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize)
        out.push(...(await request(texts.slice(i, i + batchSize))));
      return out;
    },
  };
}
