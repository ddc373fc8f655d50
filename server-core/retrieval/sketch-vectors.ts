/** Chunks the sketches (migration 035) pick for the exact cosine to order, of which CANDIDATE_POOL stay. */
export const SKETCH_POOL = 200;

/**
 * The exact cosine of a candidate's vector to the query's. With cube, by the distances of their parts of
 * at most 100 coordinates in C (|a - b|^2 = 2 - 2 cos for unit vectors; about 27 µs for 512 coordinates
 * against 55 for unnest and sum), the query's parts cut once, the candidate's from `e.v`: its vector read
 * once (DETOAST_ONCE).
 */
const EXACT_BY_CUBE = `1 - (select sum(public.cube_distance(
    public.cube(e.v[p.g * 100 + 1:p.g * 100 + 100]), p.part) ^ 2) from parts p) / 2`;
/**
 * A stored vector of 512 coordinates (2 KB) lives out of line (TOAST), and every slice of the column
 * would fetch it again: six times a candidate. The subquery (kept apart by `offset 0`) fetches it once
 * as an array in memory: about 1.8 ms of some 16 for 200 candidates, buffer reads from 5,124 to 2,125.
 */
const DETOAST_ONCE = 'cross join lateral (select c.embedding::float8[] as v offset 0) e';
const EXACT_BY_SQL = '(select sum(a * b) from unnest(c.embedding, $2::real[]) as t(a, b))';

/**
 * The nearest chunks of vectors over 100 dimensions without pgvector: $1 workspace, $2 query vector (real[]
 * literal), $3 model, $4 audiences, $5 limit, $6 dimension, $7 SKETCH_POOL. The SKETCH_POOL nearest by the
 * sketches' Hamming distance (read from their index alone), then the exact cosine of those only. The
 * query's sketch is computed once (a scalar subquery), by the function the rows' sketches come from.
 */
export function sketchNearestSql(cube: boolean): string {
  const parts = cube
    ? `with parts as materialized (
         select g, public.cube((($2::real[])[g * 100 + 1:g * 100 + 100])::float8[]) as part
         from generate_series(0, ($6::int - 1) / 100) as g
       ) `
    : '';
  return `${parts}select id, sim from (
    select c.id, ${cube ? EXACT_BY_CUBE : EXACT_BY_SQL} as sim
    from retrieval_chunks c
    join (
      select s.id from retrieval_chunks s
      where s.workspace_id = $1 and s.embedding_model = $3 and s.audience = any($4::text[])
        and s.embedding_dim = $6 and s.embedding_sketch is not null
      order by bit_count(s.embedding_sketch # (select retrieval_vector_sketch($2::real[]))), s.id
      limit $7
    ) near on near.id = c.id
    ${cube ? DETOAST_ONCE : ''}
    where c.workspace_id = $1
  ) exact
  order by sim desc nulls last, id
  limit $5`;
}
