import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { assertChannel, type Db, type Sql } from '../db';
import { createPgliteQuery } from './pglite-query';

const INT8 = 20;
const parsers = { [INT8]: (v: string) => Number(v) };

export interface PgliteOptions {
  /** A directory for a persistent database; omitted for an in-memory one. */
  dataDir?: string;
  /** A dumped data dir (tarball) to start from, e.g. a migrated template in tests. */
  loadDataDir?: Blob | File;
}

function wrapTx(tx: Transaction): Sql {
  const sql: Sql = {
    async query<R extends object>(text: string, params: readonly unknown[] = []) {
      const res = await tx.query<R>(text, params as unknown[], { parsers });
      return res.rows;
    },
    async exec(script) {
      await tx.exec(script);
    },
    tx: (fn) => fn(sql),
    async notify(channel, payload) {
      assertChannel(channel);
      await tx.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
  return sql;
}

/** The embedded default: PGlite (Postgres in WASM) in one process, with pgvector loaded. */
export async function openPglite(opts: PgliteOptions = {}): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    extensions: { vector },
    parsers,
  });
  await pglite.exec('create extension if not exists vector');
  // Statements are prepared once (pglite-query.ts), but PGlite has no autovacuum: nothing would ever
  // invalidate a generic plan chosen while a table was small, so a write or search planned on an empty
  // table would keep scanning it as it grows. Each execution is planned for the table as it is.
  await pglite.exec('set plan_cache_mode = force_custom_plan');
  const statements = createPgliteQuery(pglite);
  const db: Db & { pglite: PGlite } = {
    kind: 'pglite',
    capabilities: { vector: true, cube: false, sketch: false },
    pglite,
    query: statements.query,
    async exec(script) {
      await pglite.exec(script);
      await statements.forgetAll();
    },
    // PGlite is a single connection: its transaction() runs exclusively, other queries wait.
    tx: (fn) => pglite.transaction((tx) => fn(wrapTx(tx))),
    async notify(channel, payload) {
      assertChannel(channel);
      await statements.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      assertChannel(channel);
      const unlisten = await pglite.listen(channel, handler);
      return () => unlisten();
    },
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
  return db;
}
