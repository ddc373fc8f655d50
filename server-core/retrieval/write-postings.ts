import type { Sql } from '../db/db';
import type { Audience } from './types';

/**
 * Writes the postings of freshly inserted chunks (migration 034): one row per lexeme of each chunk's
 * tsvector, its occurrences split between title/heading (weight A) and text, and the chunk's length in
 * both, which the chunk keeps too. Returns each written chunk's audience and lengths (for the corpus
 * statistics); a chunk without any lexeme has lengths 0.
 */
export async function writePostings(
  db: Sql,
  workspaceId: string,
  chunkIds: readonly string[],
): Promise<{ audience: Audience; title_terms: number; text_terms: number }[]> {
  return db.query(
    `with p as (
       select c.id, u.lexeme, c.audience, w.title_tf, w.text_tf
       from retrieval_chunks c
       cross join lateral unnest(c.tsv) u
       cross join lateral (
         select count(*) filter (where x = 'A')::int as title_tf, count(*) filter (where x <> 'A')::int as text_tf
         from unnest(u.weights) x
       ) w
       where c.workspace_id = $1 and c.id = any($2::text[])
     ), sums as (
       select ids.id, coalesce(sum(p.title_tf), 0)::int as title_terms, coalesce(sum(p.text_tf), 0)::int as text_terms
       from unnest($2::text[]) ids(id) left join p on p.id = ids.id
       group by ids.id
     ), lengths as (
       update retrieval_chunks c set title_terms = s.title_terms, text_terms = s.text_terms
       from sums s
       where c.workspace_id = $1 and c.id = s.id
       returning c.audience, c.title_terms, c.text_terms
     ), written as (
       insert into retrieval_postings (workspace_id, lexeme, chunk_id, audience, title_tf, text_tf, title_terms, text_terms)
       select $1, p.lexeme, p.id, p.audience, p.title_tf, p.text_tf, s.title_terms, s.text_terms
       from p join sums s on s.id = p.id
     )
     select audience, title_terms, text_terms from lengths`,
    [workspaceId, chunkIds],
  );
}
