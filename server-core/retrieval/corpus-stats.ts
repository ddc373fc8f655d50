import type { Sql } from '../db/db';
import type { Audience } from './types';

/** A change to one audience's chunk count and lengths (BM25's N and average length). */
export interface CorpusDelta {
  audience: Audience;
  chunks: number;
  title_terms: number;
  text_terms: number;
}

/** Sums deltas per audience, dropping those that cancel out; sorted by audience. */
export function mergeDeltas(deltas: readonly CorpusDelta[]): CorpusDelta[] {
  const by = new Map<Audience, CorpusDelta>();
  for (const d of deltas) {
    const m = by.get(d.audience) ?? { audience: d.audience, chunks: 0, title_terms: 0, text_terms: 0 };
    m.chunks += d.chunks;
    m.title_terms += d.title_terms;
    m.text_terms += d.text_terms;
    by.set(d.audience, m);
  }
  return [...by.values()]
    .filter((d) => d.chunks !== 0 || d.title_terms !== 0 || d.text_terms !== 0)
    .sort((a, b) => (a.audience < b.audience ? -1 : a.audience > b.audience ? 1 : 0));
}

/** Rows of chunks (deleted or written) as one delta per audience, negated for deletions. */
export function deltasOf(
  rows: readonly { audience: Audience; title_terms: number; text_terms: number }[],
  sign: 1 | -1,
): CorpusDelta[] {
  return rows.map((r) => ({
    audience: r.audience,
    chunks: sign,
    title_terms: sign * Number(r.title_terms),
    text_terms: sign * Number(r.text_terms),
  }));
}

/**
 * Applies the deltas in one statement, rows in audience order, so two writers touching the same
 * audiences lock the rows in the same order (no deadlock when one source moves public -> customers
 * while another moves customers -> public).
 */
export async function applyCorpusDeltas(
  db: Sql,
  workspaceId: string,
  deltas: readonly CorpusDelta[],
): Promise<void> {
  const merged = mergeDeltas(deltas);
  if (merged.length === 0) return;
  await db.query(
    `insert into retrieval_corpus_stats as s (workspace_id, audience, chunks, title_terms, text_terms)
     select $1, d.audience, d.chunks, d.title_terms, d.text_terms
     from unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[]) with ordinality
       as d(audience, chunks, title_terms, text_terms, n)
     order by d.n
     on conflict (workspace_id, audience) do update set chunks = s.chunks + excluded.chunks,
       title_terms = s.title_terms + excluded.title_terms, text_terms = s.text_terms + excluded.text_terms`,
    [
      workspaceId,
      merged.map((d) => d.audience),
      merged.map((d) => d.chunks),
      merged.map((d) => d.title_terms),
      merged.map((d) => d.text_terms),
    ],
  );
}
