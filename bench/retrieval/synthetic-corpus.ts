import { splitSections } from '../../server-core/retrieval/split-sections';
import type { Audience, SourceDocument, SourceSection } from '../../server-core/retrieval/types';
import { slugify, toSourceDocument } from './to-source-document';
import type { EvalDocument } from './types';

/** mulberry32: a small seeded generator, so every run indexes the same corpus. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PREFIXES = [
  'Brisk',
  'Cobalt',
  'Fern',
  'Harbor',
  'Juniper',
  'Lumen',
  'Maple',
  'Nimbus',
  'Orbit',
  'Pivot',
  'Quarry',
  'Ripple',
  'Summit',
  'Tandem',
  'Umber',
  'Vista',
  'Willow',
  'Zephyr',
];
const SUFFIXES = ['desk', 'flow', 'ly', 'hub', 'base', 'cast', 'mint', 'note', 'post', 'wise'];

/** 180 made-up product names (Briskdesk, Cobaltflow, ...), none of them an evaluation product. */
export const SYNTHETIC_PRODUCTS: readonly string[] = PREFIXES.flatMap((p) => SUFFIXES.map((s) => p + s));

const PLACEHOLDER = '\u0000P\u0000';

interface Pools {
  titles: string[];
  headings: string[];
  sentences: string[];
}

/** Titles, headings and sentences of the evaluation set, each product's name replaced by a placeholder. */
function pools(docs: readonly EvalDocument[]): Pools {
  const names = new RegExp(`\\b(${[...new Set(docs.map((d) => d.product))].join('|')})\\b`, 'g');
  const generic = (s: string) => s.replace(names, PLACEHOLDER);
  const titles: string[] = [];
  const headings = new Set<string>();
  const sentences: string[] = [];
  for (const d of docs) {
    titles.push(generic(d.title));
    for (const s of toSourceDocument(d).sections) {
      if (s.heading) headings.add(generic(s.heading));
      for (const line of s.text.split('\n')) {
        for (const sentence of line.split(/(?<=[.!?:])\s+/)) {
          const t = sentence.replace(/^(- |\d+\. )/, '').trim();
          if (t.length >= 20) sentences.push(generic(t));
        }
      }
    }
  }
  return { titles, headings: [...headings], sentences };
}

export interface SyntheticOptions {
  /** Stop once the documents hold this many chunks (the last document may pass it by a few). */
  chunks: number;
  seed?: number;
  /** Share of documents for the internal audience (the search filter must skip them). */
  internalShare?: number;
}

/**
 * Help-center-like articles for load: each takes a made-up product, a title of the evaluation set and
 * three to five sections of two to five sentences drawn from anywhere in the set, with product names
 * swapped for its own. Not judged, not answers: a realistic haystack of the right shape.
 */
export function* syntheticDocuments(
  source: readonly EvalDocument[],
  opts: SyntheticOptions,
): Generator<SourceDocument & { chunkCount: number }> {
  const rnd = seededRandom(opts.seed ?? 20_000);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const { titles, headings, sentences } = pools(source);
  const internalShare = opts.internalShare ?? 0.1;
  let chunks = 0;
  for (let i = 0; chunks < opts.chunks; i++) {
    const product = pick(SYNTHETIC_PRODUCTS);
    const named = (s: string) => s.split(PLACEHOLDER).join(product);
    const paragraph = () =>
      Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => named(pick(sentences))).join(' ');
    const sections: SourceSection[] = [{ anchor: null, heading: null, text: paragraph() }];
    const more = 2 + Math.floor(rnd() * 3);
    for (let s = 0; s < more; s++) {
      const heading = named(pick(headings));
      sections.push({ anchor: slugify(heading), heading, text: paragraph() });
    }
    const title = named(pick(titles));
    const audience: Audience = rnd() < internalShare ? 'internal' : rnd() < 0.5 ? 'public' : 'customers';
    const chunkCount = splitSections(sections).length;
    chunks += chunkCount;
    yield {
      kind: 'article',
      id: `synthetic-${i}`,
      title: title.includes(product) ? title : `${title} (${product})`,
      url: `/help/${product.toLowerCase()}/synthetic-${i}`,
      audience,
      sections,
      chunkCount,
    };
  }
}
