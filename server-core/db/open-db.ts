import { join } from 'node:path';
import type { Db } from './db';

/** PGlite in DATA_DIR/pg unless DATABASE_URL names a Postgres. */
export async function openDb(opts: { databaseUrl: string | null; dataDir: string }): Promise<Db> {
  // Imported lazily so a Postgres deployment never loads the WASM build, and vice versa.
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./adapters/postgres');
    return openPostgres({ url: opts.databaseUrl });
  }
  const { openPglite } = await import('./adapters/pglite');
  return openPglite({ dataDir: join(opts.dataDir, 'pg') });
}
