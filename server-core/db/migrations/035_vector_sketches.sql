-- Without pgvector, vectors of more than 100 dimensions (the sentence encoder's 512) have no cube copy
-- (migration 010) and were searched exactly in SQL: about 70 µs a chunk, over a second at 20,000 chunks.
-- A sketch of each such vector lets a scan pick candidates cheaply; the exact cosine then orders only
-- those (search-chunks.ts, SKETCH_POOL).
--
-- The sketch codes every coordinate on three levels (below -t, between, above t, with t = 0.43 / sqrt(n)
-- for a unit vector of n coordinates: the Gaussian's tertiles at the coordinates' typical spread) as two
-- bits, 00, 01 or 11, so the Hamming distance of two sketches is the sum over coordinates of how many
-- levels apart they are: an L1 distance of the quantised vectors, computed with xor and bit_count (core
-- Postgres 14). Coding costs about 1.5 ms a chunk when written, beside ~100 ms to embed it. Measured in docs/decisions/retrieval.md, Vector sketches without pgvector.
do $$
begin
  if not exists (select 1 from pg_extension where extname = 'vector')
     and current_setting('server_version_num')::int >= 140000 then
    execute $f$
      create function retrieval_vector_sketch(v real[]) returns bit varying
      language sql immutable strict parallel safe as $body$
        select string_agg(
          case when t.x > 0.43 / sqrt(cardinality(v)) then '11'
               when t.x < -0.43 / sqrt(cardinality(v)) then '00'
               else '01' end,
          '' order by t.i)::bit varying
        from unnest(v) with ordinality as t(x, i)
      $body$
    $f$;
    execute 'alter table retrieval_chunks add column embedding_sketch bit varying
      generated always as (case when embedding_dim > 100 then retrieval_vector_sketch(embedding) end) stored';
    -- The scan reads the sketches from this index alone (about 150 bytes an entry against some 2 KB a
    -- heap row): 20,000 of them in about 6 ms where the heap took 20.
    execute 'create index retrieval_chunks_sketch_idx on retrieval_chunks
      (workspace_id, embedding_model, audience) include (embedding_dim, id, embedding_sketch)
      where embedding_sketch is not null';
  end if;
end
$$;
