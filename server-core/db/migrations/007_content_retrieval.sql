-- Content the retrieval index searches beyond guides and articles (crawled pages, uploads), the
-- per-workspace index settings, and the chunks themselves.

-- A crawled page: re-adding the same URL replaces it.
create table pages (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  url text not null check (length(url) <= 2048),
  title text not null,
  html text not null,
  audience text not null check (audience in ('public', 'customers', 'internal')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);
create unique index pages_url_key on pages (workspace_id, url);

-- An uploaded file: its extracted text is what gets indexed; the bytes are not kept.
create table uploads (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  filename text not null,
  media_type text not null,
  byte_size int not null check (byte_size >= 0),
  title text not null,
  text text not null,
  audience text not null check (audience in ('public', 'customers', 'internal')),
  created_at timestamptz not null,
  primary key (workspace_id, id)
);

-- One row per workspace, written on first use (no row: english, the configured embedder).
create table retrieval_settings (
  workspace_id text primary key references workspaces (id) on delete cascade,
  -- A Postgres text-search configuration name (english, german, simple, ...).
  text_search_config text not null default 'english',
  updated_at timestamptz not null
);

-- A searchable piece of a published source. embedding is null until computed (remote embedders run
-- in a job); embedding_model and embedding_dim say which model produced it.
create table retrieval_chunks (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  source_kind text not null check (source_kind in ('guide', 'article', 'page', 'upload')),
  source_id text not null,
  seq int not null,
  document_ref text not null,
  source_title text not null,
  source_url text,
  heading text,
  text text not null,
  audience text not null check (audience in ('public', 'customers', 'internal')),
  tsv tsvector not null,
  embedding real[],
  embedding_model text,
  embedding_dim int,
  created_at timestamptz not null,
  primary key (workspace_id, id)
);
create unique index retrieval_chunks_source_key on retrieval_chunks (workspace_id, source_kind, source_id, seq);
create index retrieval_chunks_tsv_idx on retrieval_chunks using gin (tsv);
create index retrieval_chunks_audience_idx on retrieval_chunks (workspace_id, audience);
