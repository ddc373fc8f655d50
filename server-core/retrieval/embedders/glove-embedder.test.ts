import { describe, expect, it } from 'vitest';
import { createGloveEmbedder, sifWeight, tokenize } from './glove-embedder';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe('offline GloVe embedder', () => {
  const embedder = createGloveEmbedder();

  it('names the package version and recipe; 100 dimensions; inline', () => {
    expect(embedder.model).toMatch(/^glove-100d@wink-1\.1\.0\+sif\.r\d+$/);
    expect(embedder.dimension).toBe(100);
    expect(embedder.inline).toBe(true);
  });

  it('tokenizes lower-case words, keeping hyphens and apostrophes inside words', () => {
    expect(tokenize('Reset the E-mail, don’t   wait! v2.0')).toEqual([
      'reset',
      'the',
      'e-mail',
      "don't",
      'wait',
      'v2',
      '0',
    ]);
  });

  it('down-weights frequent words (SIF)', () => {
    expect(sifWeight(1)).toBeLessThan(0.02);
    expect(sifWeight(100)).toBeGreaterThan(0.4);
    expect(sifWeight(100)).toBeLessThan(0.7);
    expect(sifWeight(50_000)).toBeGreaterThan(0.99);
  });

  it('gives unit vectors, the zero vector for unknown words, and ranks meaning above spelling', async () => {
    const [a, b, c, none] = await embedder.embed([
      'How do I reset my password?',
      'I forgot my login credentials',
      'Export the invoices of last month',
      'zzqxv qqzzv',
    ]);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 5);
    expect(none!.every((x) => x === 0)).toBe(true);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
    // Paraphrases with no word in common: each query finds its document among five.
    const docs = await embedder.embed([
      'How to reset your password',
      'Invite a teammate to your workspace',
      'Change the billing plan and invoices',
      'Export your contacts as CSV',
      'Configure single sign-on with SAML',
    ]);
    const queries = await embedder.embed([
      'forgot my login credentials',
      'add a colleague',
      'payment subscription',
      'download customer list',
      'okta login',
    ]);
    const best = queries.map((q) => {
      const sims = docs.map((d) => dot(q, d));
      return sims.indexOf(Math.max(...sims));
    });
    expect(best).toEqual([0, 1, 2, 3, 4]);
  });

  it('embeds a long text quickly once loaded', async () => {
    await embedder.ready();
    const text = 'Open the settings page and choose the members tab to invite people. '.repeat(20);
    const t0 = performance.now();
    await embedder.embed(Array.from({ length: 100 }, () => text));
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
