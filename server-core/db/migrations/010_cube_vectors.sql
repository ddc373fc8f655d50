-- Without pgvector (the Postgres 15 of our machines), exact nearest neighbours in plain SQL cost about
-- 12 µs a chunk (unnest and sum per row). Where the contrib extension cube exists, a stored cube copy of
-- each vector of at most 100 dimensions lets cube_distance compute the same exact distance in C (about
-- 1 µs a chunk). For unit vectors, cosine = 1 - distance^2 / 2, so the order is the cosine's.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'cube')
     and not exists (select 1 from pg_extension where extname = 'vector') then
    execute 'alter table retrieval_chunks add column embedding_cube public.cube
      generated always as (case when embedding_dim between 1 and 100 then public.cube(embedding::float8[]) end) stored';
  end if;
end
$$;
