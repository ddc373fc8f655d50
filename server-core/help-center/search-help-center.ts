import type { Ctx } from '../context';
import { type SearchDeps, searchChunks } from '../retrieval/search-chunks';
import type { Audience, SourceKind } from '../retrieval/types';

/** One help-center search result: a source, with its best-matching passage. */
export interface HelpCenterResult {
  title: string;
  url: string | null;
  /** The best chunk's text, cut at a word to at most SNIPPET_CHARS. */
  snippet: string;
  /** The best chunk's document_ref (`article:<id>#<anchor>`). */
  document_ref: string;
  source: { kind: SourceKind; id: string };
  /** The best chunk's fused score. */
  score: number;
}

export const MAX_HELP_CENTER_RESULTS = 10;
export const SNIPPET_CHARS = 240;
/** Chunks fetched to fill the results after grouping by source. */
const CHUNKS = 25;

export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.slice(0, SNIPPET_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SNIPPET_CHARS - 40))}…`;
}

/**
 * The help center's answer: public chunks only (a signed-in reader of the hosted help center also gets
 * `customers` ones), one result per source, best first.
 */
export async function searchHelpCenter(
  ctx: Ctx,
  deps: SearchDeps,
  q: string,
  audiences: Audience[] = ['public'],
): Promise<HelpCenterResult[]> {
  const hits = await searchChunks(ctx, deps, { query: q, topK: CHUNKS, audiences });
  const seen = new Set<string>();
  const out: HelpCenterResult[] = [];
  for (const h of hits) {
    const key = `${h.source.kind}:${h.source.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      title: h.source.title,
      url: h.source.url,
      snippet: snippetOf(h.text),
      document_ref: h.document_ref,
      source: { kind: h.source.kind, id: h.source.id },
      score: h.score,
    });
    if (out.length === MAX_HELP_CENTER_RESULTS) break;
  }
  return out;
}
