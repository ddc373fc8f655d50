import type { Sql } from '../db/db';

/**
 * The optional vector columns retrieval_chunks has in this schema: `embedding_cube` (migration 010, where
 * cube existed without pgvector) and `embedding_sketch` (migration 035, without pgvector on Postgres 14+).
 */
export async function optionalVectorColumns(db: Sql): Promise<Set<string>> {
  const rows = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = 'retrieval_chunks'
       and column_name in ('embedding_cube', 'embedding_sketch')`,
  );
  return new Set(rows.map((r) => r.column_name));
}
