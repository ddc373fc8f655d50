-- BM25 full-text (issue 24). websearch_to_tsquery needs every query word in one chunk, so questions and
-- paraphrases found nothing by words, and ts_rank_cd is not length-normalised. The postings below let a
-- query score every chunk holding any of its words: one row per (chunk, lexeme) with the lexeme's
-- occurrences in the title and heading (weight A) and in the text, read through the primary key by lexeme.
-- Document frequencies are counted from these rows at query time, over the audiences searched only, so
-- chunks a caller may not read never shape its ranking.
alter table retrieval_chunks add column title_terms int not null default 0;
alter table retrieval_chunks add column text_terms int not null default 0;

-- BM25's N and average length per audience, kept by the writes (reading them from the chunks would scan
-- every chunk of the workspace on each query).
create table retrieval_corpus_stats (
  workspace_id text not null references workspaces (id) on delete cascade,
  audience text not null,
  chunks int not null,
  title_terms bigint not null,
  text_terms bigint not null,
  primary key (workspace_id, audience)
);

create table retrieval_postings (
  workspace_id text not null,
  lexeme text not null,
  chunk_id text not null,
  audience text not null,
  title_tf int not null,
  text_tf int not null,
  title_terms int not null,
  text_terms int not null,
  primary key (workspace_id, lexeme, chunk_id) include (audience, title_tf, text_tf, title_terms, text_terms),
  foreign key (workspace_id, chunk_id) references retrieval_chunks (workspace_id, id) on delete cascade
);
create index retrieval_postings_chunk_idx on retrieval_postings (workspace_id, chunk_id);

-- Chunks written before this migration.
insert into retrieval_postings (workspace_id, lexeme, chunk_id, audience, title_tf, text_tf, title_terms, text_terms)
select c.workspace_id, u.lexeme, c.id, c.audience, w.title_tf, w.text_tf,
  sum(w.title_tf) over (partition by c.workspace_id, c.id), sum(w.text_tf) over (partition by c.workspace_id, c.id)
from retrieval_chunks c
cross join lateral unnest(c.tsv) u
cross join lateral (
  select count(*) filter (where x = 'A')::int as title_tf, count(*) filter (where x <> 'A')::int as text_tf
  from unnest(u.weights) x
) w;

update retrieval_chunks c set title_terms = p.title_terms, text_terms = p.text_terms
from (select distinct workspace_id, chunk_id, title_terms, text_terms from retrieval_postings) p
where p.workspace_id = c.workspace_id and p.chunk_id = c.id;

insert into retrieval_corpus_stats (workspace_id, audience, chunks, title_terms, text_terms)
select workspace_id, audience, count(*), sum(title_terms), sum(text_terms)
from retrieval_chunks group by workspace_id, audience;
