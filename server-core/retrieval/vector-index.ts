import type { Db, Sql } from '../db/db';

/** The partial HNSW index of one dimension (migration 009 creates the one of 100). */
export function vectorIndexName(dimension: number): string {
  return `retrieval_chunks_embedding_${dimension}_idx`;
}

/** pgvector's HNSW index is limited to 2,000 dimensions; longer vectors are searched exactly. */
export const MAX_HNSW_DIMENSION = 2000;

const ensured = new WeakMap<object, Set<string>>();

/**
 * Creates the HNSW index for a dimension that appeared (a new embedding model), once per database handle.
 * Without pgvector, or above the HNSW limit, there is nothing to create. Two nodes racing: the loser's
 * "already exists" is fine.
 */
export async function ensureVectorIndex(
  db: Sql & Pick<Db, 'capabilities'>,
  dimension: number,
): Promise<boolean> {
  if (
    !db.capabilities.vector ||
    !Number.isInteger(dimension) ||
    dimension < 1 ||
    dimension > MAX_HNSW_DIMENSION
  )
    return false;
  const name = vectorIndexName(dimension);
  const done = ensured.get(db) ?? new Set<string>();
  ensured.set(db, done);
  if (done.has(name)) return true;
  try {
    await db.exec(
      `create index if not exists ${name} on retrieval_chunks
         using hnsw ((embedding::vector(${dimension})) vector_cosine_ops) where embedding_dim = ${dimension}`,
    );
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== '42P07' && code !== '23505') throw err;
  }
  done.add(name);
  return true;
}
