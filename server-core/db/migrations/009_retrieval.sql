-- Retrieval (issue 5): help-center hosts, and the nearest-neighbour index where pgvector exists.

-- A host name serving a workspace's help center: the Host header alone names the tenant, so the host is
-- unique across the service. A routing table (in Citus terms a reference table, like a DNS map), hence
-- keyed by host rather than led by workspace_id.
create table help_center_hosts (
  host text primary key check (host = lower(host) and length(host) between 1 and 253),
  workspace_id text not null references workspaces (id) on delete cascade,
  created_at timestamptz not null
);
create index help_center_hosts_workspace_idx on help_center_hosts (workspace_id);

-- Vectors of the offline embedder (100 dimensions): an HNSW index over the real[] cast to vector, partial
-- on the dimension so vectors of another model's length never reach it. Other dimensions get theirs from
-- the code (ensureVectorIndex) when they first appear. Without pgvector: nothing here, exact cosine in SQL.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'vector') then
    execute 'create index retrieval_chunks_embedding_100_idx on retrieval_chunks
      using hnsw ((embedding::vector(100)) vector_cosine_ops) where embedding_dim = 100';
  end if;
end
$$;
