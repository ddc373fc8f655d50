import type { Ctx } from '../context';
import { bm25Ranks } from './bm25';
import { CUBE_MAX_DIM } from './cube-vectors';
import { fuseScores, type Scored, textWeightFor } from './fuse-scores';
import { vectorLiteral } from './replace-source-chunks';
import { SKETCH_POOL, sketchNearestSql } from './sketch-vectors';
import type { Audience, Embedder, SourceKind } from './types';

/** A retrieval result: the spec's Retrieval chunk. */
export interface ChunkHit {
  chunk_id: string;
  document_ref: string;
  text: string;
  audience: Audience;
  /**
   * The fused score in [0, 1]: w x BM25 / best BM25 + (1 - w) x the cosine min-max scaled over the vector
   * candidates (fuseScores), w the model's full-text weight (textWeightFor: 0.4 on GloVe, by the best
   * full-text hit's coverage of the query's words on use-lite); one path's scaled score alone in the modes
   * fulltext and vector.
   */
  score: number;
  /** Cosine of the chunk's vector to the query's; 0 when either has no vector of the current model. */
  similarity: number;
  source: { kind: SourceKind; id: string; title: string; url: string | null };
}

export type SearchMode = 'hybrid' | 'fulltext' | 'vector';

export interface SearchDeps {
  embedder: Embedder;
  /** pgvector's `<=>` over the HNSW index (db.capabilities.vector); otherwise exact cosine over real[]. */
  vector: boolean;
  /** Without pgvector: exact distances over the stored cube copies (db.capabilities.cube), in C. */
  cube?: boolean;
  /** Without pgvector, over 100 dimensions: candidates by their sketches (db.capabilities.sketch). */
  sketch?: boolean;
}

/** Candidates each path contributes to the fusion. */
export const CANDIDATE_POOL = 50;

/**
 * pgvector nearest neighbours: $1 workspace, $2 query vector (real[] literal), $3 model, $4 audiences,
 * $5 limit. The dimension is a literal (the partial index's predicate and the cast need one).
 */
export function nearestSql(dim: number): string {
  const expr = `c.embedding::vector(${dim})`;
  const qv = `$2::real[]::vector(${dim})`;
  return `select c.id, 1 - (${expr} <=> ${qv}) as sim from retrieval_chunks c
     where c.embedding_dim = ${dim} and c.workspace_id = $1 and c.embedding_model = $3
       and c.audience = any($4::text[])
     order by ${expr} <=> ${qv}
     limit $5`;
}

/**
 * Nearest neighbours among the chunks of the current model. With pgvector the dimension is part of the
 * SQL (the partial index's predicate and cast need a literal; it is fixed per model, so the statement
 * text stays stable) and an iterative scan keeps filtering by workspace and audience from starving the
 * result; without it, exact distances through the cube copies (up to 100 dimensions), the exact cosine
 * of the SKETCH_POOL nearest by their sketches (more dimensions), or else an exact dot product (vectors
 * are unit length) in SQL. Hits of cosine <= 0 (including zero vectors) are not candidates.
 */
async function vectorRanks(
  ctx: Ctx,
  deps: SearchDeps,
  q: Float32Array,
  audiences: Audience[],
): Promise<Scored[]> {
  const dim = q.length;
  const params = [ctx.workspaceId, vectorLiteral(q), deps.embedder.model, audiences, CANDIDATE_POOL];
  let rows: { id: string; sim: number | null }[];
  if (deps.vector) {
    rows = await ctx.db.tx(async (tx) => {
      await tx.query("select set_config('hnsw.iterative_scan', 'relaxed_order', true)");
      return tx.query<{ id: string; sim: number | null }>(nearestSql(dim), params);
    });
  } else if (deps.cube && dim <= CUBE_MAX_DIM) {
    // Unit vectors: |a - b|^2 = 2 - 2 cos, so the nearest by distance are the nearest by cosine.
    rows = await ctx.db.query<{ id: string; sim: number | null }>(
      // The distance is computed once per row (ordering by its alias), the cosine only for the winners.
      `select id, 1 - d * d / 2 as sim from (
         select c.id, public.cube_distance(c.embedding_cube, public.cube($2::float8[])) as d
         from retrieval_chunks c
         where c.workspace_id = $1 and c.embedding_model = $3 and c.embedding_dim = $6
           and c.audience = any($4::text[])
         order by d, c.id
         limit $5
       ) nearest`,
      [...params, dim],
    );
  } else if (deps.sketch && dim > CUBE_MAX_DIM) {
    rows = await ctx.db.query<{ id: string; sim: number | null }>(sketchNearestSql(deps.cube === true), [
      ...params,
      dim,
      SKETCH_POOL,
    ]);
  } else {
    rows = await ctx.db.query<{ id: string; sim: number | null }>(
      `select c.id, (select sum(a * b) from unnest(c.embedding, $2::real[]) as t(a, b)) as sim
       from retrieval_chunks c
       where c.workspace_id = $1 and c.embedding_model = $3 and c.embedding_dim = $6
         and c.audience = any($4::text[])
       order by sim desc nulls last, c.id
       limit $5`,
      [...params, dim],
    );
  }
  return rows
    .map((r) => ({ id: r.id, sim: Number(r.sim) }))
    .filter((r) => Number.isFinite(r.sim) && r.sim > 0)
    .sort((a, b) => b.sim - a.sim || (a.id < b.id ? -1 : 1))
    .map((r) => ({ id: r.id, score: r.sim }));
}

function isZero(v: Float32Array): boolean {
  for (const x of v) if (x !== 0) return false;
  return true;
}

/**
 * Hybrid retrieval over the workspace's chunks of the given audiences: full-text and vector candidates
 * (CANDIDATE_POOL each) fused by their scores (fuseScores, weighted by textWeightFor), the best topK returned. A query the embedder
 * knows no word of (zero vector), or one the embedder fails on, is served by full-text alone; one of
 * stop words only by vectors alone.
 */
export async function searchChunks(
  ctx: Ctx,
  deps: SearchDeps,
  input: { query: string; topK: number; audiences: Audience[]; mode?: SearchMode },
): Promise<ChunkHit[]> {
  const mode = input.mode ?? 'hybrid';
  const audiences = [...new Set(input.audiences)];
  if (audiences.length === 0 || input.topK < 1) return [];
  // Embedded in every mode: the similarity of full-text hits is the cosine too. An embedder that
  // fails (a remote endpoint down) leaves full-text to serve alone rather than failing the search.
  // Full-text runs meanwhile; one Promise.all holds both, so neither's failure goes unhandled.
  const [fulltext, [queryVector, vectors]] = await Promise.all([
    mode === 'vector' ? [] : bm25Ranks(ctx, input.query, audiences, CANDIDATE_POOL),
    deps.embedder.embed([input.query], { purpose: 'query' }).then(
      async ([q]) => {
        const v = q && !isZero(q) ? q : null;
        return [v, v && mode !== 'fulltext' ? await vectorRanks(ctx, deps, v, audiences) : []] as const;
      },
      () => [null, []] as const,
    ),
  ]);
  const weight = textWeightFor(deps.embedder.textWeight, fulltext[0]?.coverage ?? 0);
  const fused = fuseScores(fulltext, vectors, weight).slice(0, input.topK);
  if (fused.length === 0) return [];
  const rows = await ctx.db.query<{
    id: string;
    document_ref: string;
    text: string;
    audience: Audience;
    source_kind: SourceKind;
    source_id: string;
    source_title: string;
    source_url: string | null;
    sim: number | null;
  }>(
    `select c.id, c.document_ref, c.text, c.audience, c.source_kind, c.source_id, c.source_title, c.source_url,
       case when c.embedding_model = $3 and c.embedding_dim = $5
         then (select sum(a * b) from unnest(c.embedding, $4::real[]) as t(a, b)) end as sim
     from retrieval_chunks c
     where c.workspace_id = $1 and c.id = any($2::text[]) and c.audience = any($6::text[])`,
    [
      ctx.workspaceId,
      fused.map((f) => f.id),
      deps.embedder.model,
      queryVector ? vectorLiteral(queryVector) : null,
      queryVector?.length ?? 0,
      audiences,
    ],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return fused.flatMap(({ id, score }) => {
    const r = byId.get(id);
    if (!r) return []; // removed between the two queries
    const sim = Number(r.sim);
    return [
      {
        chunk_id: r.id,
        document_ref: r.document_ref,
        text: r.text,
        audience: r.audience,
        score,
        similarity: Number.isFinite(sim) ? Math.max(-1, Math.min(1, sim)) : 0,
        source: { kind: r.source_kind, id: r.source_id, title: r.source_title, url: r.source_url },
      },
    ];
  });
}
