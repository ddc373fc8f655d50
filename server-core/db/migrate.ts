import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './db';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant works; it only has to be the same for every node running migrations. */
const MIGRATION_LOCK_ID = 7_270_011;

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const seen = new Set<number>();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const m = /^(\d{3})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!m) throw new Error(`Migration file name must be NNN_name.sql: ${file}`);
      const version = Number(m[1]);
      if (seen.has(version)) throw new Error(`Two migrations share version ${version}`);
      seen.add(version);
      const sql = readFileSync(join(dir, file), 'utf8');
      return { version, name: m[2]!, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies every pending migration in one transaction under an advisory lock, so several nodes may
 * start at once: the first applies, the others wait and then find nothing to do. `after` runs in the
 * same transaction (catalog sync). A changed, already-applied file stops the start.
 */
export async function migrate(
  db: Sql,
  opts: { migrations?: Migration[]; now: Date; after?: (tx: Sql) => Promise<void> },
): Promise<string[]> {
  const migrations = opts.migrations ?? loadMigrations();
  return db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.exec(`create table if not exists schema_migrations (
      version int primary key, name text not null, checksum text not null, applied_at timestamptz not null)`);
    const applied = new Map(
      (
        await tx.query<{ version: number; checksum: string }>(
          'select version, checksum from schema_migrations',
        )
      ).map((r) => [r.version, r.checksum]),
    );
    const done: string[] = [];
    for (const m of migrations) {
      const checksum = applied.get(m.version);
      if (checksum !== undefined) {
        if (checksum !== m.checksum) {
          throw new Error(
            `Migration ${m.version}_${m.name} was changed after it was applied; add a new migration instead.`,
          );
        }
        continue;
      }
      await tx.exec(m.sql);
      await tx.query(
        'insert into schema_migrations (version, name, checksum, applied_at) values ($1, $2, $3, $4)',
        [m.version, m.name, m.checksum, opts.now],
      );
      done.push(`${String(m.version).padStart(3, '0')}_${m.name}`);
    }
    if (opts.after) await opts.after(tx);
    return done;
  });
}
