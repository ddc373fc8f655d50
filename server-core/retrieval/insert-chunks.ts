import type { Sql } from '../db/db';
import type { Audience } from './types';

/** The statement's parameters, in order ($1 ... $19). */
export interface ChunkRows {
  workspaceId: string;
  kind: string;
  sourceId: string;
  title: string;
  url: string | null;
  audience: Audience;
  textSearchConfig: string;
  model: string | null;
  dimension: number | null;
  now: Date;
  ids: string[];
  seqs: number[];
  refs: string[];
  headings: (string | null)[];
  texts: string[];
  embeddings: (string | null)[];
  /** What the text-search parser reads (hyphenated words joined and appended); the chunk keeps the text. */
  indexedTitle: string;
  indexedHeadings: (string | null)[];
  indexedTexts: string[];
}

/**
 * Inserts a source's chunks and their postings (migration 034) in one statement, computed from the
 * input alone: each chunk's tsvector (title and heading weight A, text B), one posting per lexeme with
 * its occurrences in title/heading and in text, and the chunk's two lengths. Nothing is read back from
 * the tables, so no cached plan can turn the write into a scan as they grow. Answers each chunk's
 * audience and lengths (for the corpus statistics); a chunk without any lexeme has lengths 0.
 */
export async function insertChunks(
  db: Sql,
  r: ChunkRows,
): Promise<{ audience: Audience; title_terms: number; text_terms: number }[]> {
  return db.query(
    `with c as (
       select c.id, c.seq, c.ref, c.heading, c.text, c.embedding,
         setweight(to_tsvector($7::regconfig, $17), 'A') ||
         setweight(to_tsvector($7::regconfig, coalesce(c.indexed_heading, '')), 'A') ||
         setweight(to_tsvector($7::regconfig, c.indexed_text), 'B') as tsv
       from unnest($11::text[], $12::int[], $13::text[], $14::text[], $15::text[], $16::text[], $18::text[], $19::text[])
         as c(id, seq, ref, heading, text, embedding, indexed_heading, indexed_text)
     ), p as (
       select c.id, u.lexeme, w.title_tf, w.text_tf
       from c
       cross join lateral unnest(c.tsv) u
       cross join lateral (
         select count(*) filter (where x = 'A')::int as title_tf, count(*) filter (where x <> 'A')::int as text_tf
         from unnest(u.weights) x
       ) w
     ), sums as (
       select c.id, coalesce(sum(p.title_tf), 0)::int as title_terms, coalesce(sum(p.text_tf), 0)::int as text_terms
       from c left join p on p.id = c.id
       group by c.id
     ), chunks as (
       insert into retrieval_chunks (workspace_id, id, source_kind, source_id, seq, document_ref, source_title,
         source_url, heading, text, audience, tsv, embedding, embedding_model, embedding_dim, created_at,
         title_terms, text_terms)
       select $1, c.id, $2, $3, c.seq, c.ref, $4, $5, c.heading, c.text, $6, c.tsv, c.embedding::real[], $8, $9, $10,
         s.title_terms, s.text_terms
       from c join sums s on s.id = c.id
       returning audience, title_terms, text_terms
     ), postings as (
       insert into retrieval_postings (workspace_id, lexeme, chunk_id, audience, title_tf, text_tf, title_terms, text_terms)
       select $1, p.lexeme, p.id, $6, p.title_tf, p.text_tf, s.title_terms, s.text_terms
       from p join sums s on s.id = p.id
     )
     select audience, title_terms, text_terms from chunks`,
    [
      r.workspaceId,
      r.kind,
      r.sourceId,
      r.title,
      r.url,
      r.audience,
      r.textSearchConfig,
      r.model,
      r.dimension,
      r.now,
      r.ids,
      r.seqs,
      r.refs,
      r.headings,
      r.texts,
      r.embeddings,
      r.indexedTitle,
      r.indexedHeadings,
      r.indexedTexts,
    ],
  );
}
