import { openPostgres } from '../db/adapters/postgres';
import type { Db } from '../db/db';
import { newId } from '../lib/ulid';

export interface ThrowawaySchema {
  db: Db;
  schema: string;
  /** Closes the handle and drops the schema with everything in it. */
  dispose(): Promise<void>;
}

/**
 * A fresh schema on the Postgres at `url` and a handle scoped to it (not migrated: the caller decides),
 * for tests and benchmarks that must not see each other's rows.
 */
export async function openThrowawaySchema(
  url: string,
  opts: { prefix: string; max?: number },
): Promise<ThrowawaySchema> {
  const admin = await openPostgres({ url, max: 1 });
  const schema = `${opts.prefix}_${newId()}`;
  try {
    await admin.query(`create schema ${schema}`);
    const db = await openPostgres({ url, schema, max: opts.max });
    return {
      db,
      schema,
      async dispose() {
        await db.close();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.close();
      },
    };
  } catch (err) {
    await admin.close();
    throw err;
  }
}
