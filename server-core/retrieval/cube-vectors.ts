import type { Sql } from '../db/db';

/** The cube extension's limit (CUBE_MAX_DIM): longer vectors have no cube copy; see sketch-vectors.ts. */
export const CUBE_MAX_DIM = 100;

/** Whether migration 010 gave retrieval_chunks its stored cube column in this schema. */
export async function hasCubeVectors(db: Sql): Promise<boolean> {
  const rows = await db.query(
    `select 1 from information_schema.columns
     where table_schema = current_schema() and table_name = 'retrieval_chunks' and column_name = 'embedding_cube'`,
  );
  return rows.length > 0;
}
