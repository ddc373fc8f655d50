import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpEmbedder, EmbeddingsError, embeddingsEndpoint } from './http-embedder';

interface Seen {
  path: string;
  auth: string | undefined;
  body: { model: string; input: string[] };
}

/** A real OpenAI-compatible endpoint on 127.0.0.1: vector of input i is [len, i+1, 0] (answered in reverse order). */
describe('HTTP embedder against a local endpoint', () => {
  let server: Server;
  let base = '';
  const seen: Seen[] = [];
  let mode: 'ok' | 'fail' | 'slow' | 'short' = 'ok';

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Seen['body'];
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      if (mode === 'fail') return void res.writeHead(429).end('{"error":"slow down"}');
      if (mode === 'slow') return void setTimeout(() => res.end('{}'), 500);
      const data = body.input.map((t, i) => ({
        object: 'embedding',
        index: i,
        embedding: mode === 'short' ? [1, 2] : [t.length, i + 1, 0],
      }));
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ data: data.reverse() }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('posts batches of { model, input } with the Bearer key and returns normalised vectors in input order', async () => {
    mode = 'ok';
    seen.length = 0;
    const e = createHttpEmbedder({ url: base, model: 'm-1', key: 'sk-test', dimension: null, batchSize: 2 });
    expect(e.inline).toBe(false);
    expect(e.dimension).toBe(0);
    const out = await e.embed(['abc', 'abcd', 'x', 'yy', 'zzzzz']);
    expect(seen.map((s) => s.path)).toEqual(['/v1/embeddings', '/v1/embeddings', '/v1/embeddings']);
    expect(seen.map((s) => s.body)).toEqual([
      { model: 'm-1', input: ['abc', 'abcd'] },
      { model: 'm-1', input: ['x', 'yy'] },
      { model: 'm-1', input: ['zzzzz'] },
    ]);
    expect(seen[0]!.auth).toBe('Bearer sk-test');
    expect(e.dimension).toBe(3);
    expect(Array.from(out[0]!)).toEqual([3 / Math.hypot(3, 1), 1 / Math.hypot(3, 1), 0].map(Math.fround));
    expect(Array.from(out[1]!)).toEqual([4 / Math.hypot(4, 2), 2 / Math.hypot(4, 2), 0].map(Math.fround));
    expect(out).toHaveLength(5);
  });

  it('takes the full endpoint as given, and sends no Authorization without a key', async () => {
    mode = 'ok';
    seen.length = 0;
    const e = createHttpEmbedder({ url: `${base}/embeddings`, model: 'm', key: null, dimension: 3 });
    await e.embed(['a']);
    expect(seen[0]!.path).toBe('/v1/embeddings');
    expect(seen[0]!.auth).toBeUndefined();
    expect(embeddingsEndpoint('https://x.example/v1/')).toBe('https://x.example/v1/embeddings');
  });

  it('fails on a non-2xx answer, a time-out and a dimension other than configured, without the key in the message', async () => {
    // A generous time-out where the answer comes at once (a loaded machine must not turn it into a time-out).
    const e = createHttpEmbedder({
      url: base,
      model: 'm',
      key: 'sk-secret',
      dimension: 3,
      timeoutMs: 10_000,
    });
    mode = 'fail';
    await expect(e.embed(['a'])).rejects.toThrow(/answered 429/);
    mode = 'slow';
    const hasty = createHttpEmbedder({
      url: base,
      model: 'm',
      key: 'sk-secret',
      dimension: 3,
      timeoutMs: 100,
    });
    await expect(hasty.embed(['a'])).rejects.toThrow(/within 100 ms/);
    mode = 'short';
    const err = await e.embed(['a']).catch((x: Error) => x);
    expect(err).toBeInstanceOf(EmbeddingsError);
    expect((err as Error).message).toMatch(/2 dimensions, expected 3/);
    expect((err as Error).message).not.toContain('sk-secret');
  });

  it('fails when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const e = createHttpEmbedder({ url: `http://127.0.0.1:${port}`, model: 'm', key: null, dimension: null });
    await expect(e.embed(['a'])).rejects.toThrow(/unreachable/);
  });
});
