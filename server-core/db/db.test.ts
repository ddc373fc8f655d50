import { describe, expect, it } from 'vitest';
import { describeDb } from '../testing/db';
import { isUniqueViolation } from './db';
import { loadMigrations, migrate } from './migrate';

describeDb('Db adapter', (getDb, adapter) => {
  it('runs parameterised queries with normalised types', async () => {
    const [row] = await getDb().query<{
      n: number;
      big: number;
      at: Date;
      arr: string[];
      j: unknown;
      t: string | null;
    }>(
      `select 1::int as n, 9007199254740991::int8 as big, $1::timestamptz as at, $2::text[] as arr,
              $3::jsonb as j, $4::text as t`,
      [new Date('2026-01-02T03:04:05.678Z'), ['a', 'b'], JSON.stringify({ x: [1, 2] }), null],
    );
    expect(row).toEqual({
      n: 1,
      big: 9007199254740991,
      at: new Date('2026-01-02T03:04:05.678Z'),
      arr: ['a', 'b'],
      j: { x: [1, 2] },
      t: null,
    });
  });

  it('runs a statement again with other parameters, and after its table changed under it', async () => {
    const db = getDb();
    await db.exec('create table stmt_probe (id int primary key, flag bool not null)');
    const insert = 'insert into stmt_probe (id, flag) values ($1, $2) returning *';
    expect(await db.query(insert, [1, true])).toEqual([{ id: 1, flag: true }]);
    expect(await db.query(insert, [2, false])).toEqual([{ id: 2, flag: false }]);
    await expect(db.query(insert, [1, false])).rejects.toSatisfy((e) =>
      isUniqueViolation(e, 'stmt_probe_pkey'),
    );
    const select = 'select * from stmt_probe where id = $1';
    expect(await db.query(select, [2])).toEqual([{ id: 2, flag: false }]);
    await db.query("alter table stmt_probe add column note text not null default 'n'");
    expect(await db.query(select, [2])).toEqual([{ id: 2, flag: false, note: 'n' }]);
    await db.exec('alter table stmt_probe drop column flag');
    expect(await db.query(select, [1])).toEqual([{ id: 1, note: 'n' }]);
  });

  it('commits a transaction and rolls it back on error', async () => {
    const db = getDb();
    await db.exec('create table tx_probe (id int primary key)');
    await db.tx(async (tx) => {
      await tx.query('insert into tx_probe values (1)');
      // a nested tx joins the outer one
      await tx.tx((inner) => inner.query('insert into tx_probe values (2)'));
    });
    await expect(
      db.tx(async (tx) => {
        await tx.query('insert into tx_probe values (3)');
        await tx.query('insert into tx_probe values (1)');
      }),
    ).rejects.toSatisfy((e) => isUniqueViolation(e));
    const rows = await db.query<{ id: number }>('select id from tx_probe order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('delivers notifications to listeners, transactional ones at commit', async () => {
    const db = getDb();
    const got: string[] = [];
    const unlisten = await db.listen('probe_channel', (p) => got.push(p));
    await db.notify('probe_channel', 'direct');
    await db.tx(async (tx) => {
      await tx.notify('probe_channel', 'in-tx');
    });
    await expect.poll(() => got, { timeout: 5000 }).toEqual(['direct', 'in-tx']);
    await unlisten();
    await expect(db.notify('bad channel; drop table x', 'x')).rejects.toThrow(/Invalid channel/);
  });

  it('notify resolves after the listeners of this process ran, in a transaction once it committed', async () => {
    const db = getDb();
    const got: string[] = [];
    const unlisten = await db.listen('probe_read_own', (p) => got.push(p));
    for (const n of ['1', '2', '3']) {
      await db.notify('probe_read_own', n);
      expect(got.at(-1)).toBe(n);
    }
    await db.tx(async (tx) => {
      await tx.notify('probe_read_own', 'in-tx');
      expect(got).not.toContain('in-tx');
    });
    expect(got.at(-1)).toBe('in-tx');
    await unlisten();
    // Nobody here listens any more: notify does not wait for a delivery that never comes.
    await db.notify('probe_read_own', 'after');
    expect(got).toEqual(['1', '2', '3', 'in-tx']);
  });

  it('reports its vector capability truthfully', async () => {
    const db = getDb();
    if (adapter === 'pglite') expect(db.capabilities.vector).toBe(true);
    const rows = await db.query(`select 1 from pg_extension where extname = 'vector'`);
    expect(rows.length > 0).toBe(db.capabilities.vector);
  });

  it('migrations are applied once and re-running is a no-op', async () => {
    const again = await migrate(getDb(), { now: new Date() });
    expect(again).toEqual([]);
    const applied = await getDb().query<{ version: number }>(
      'select version from schema_migrations order by version',
    );
    expect(applied.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
  });

  it('refuses to start when an applied migration file was edited', async () => {
    const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m));
    await expect(migrate(getDb(), { now: new Date(), migrations: edited })).rejects.toThrow(
      /was changed after/,
    );
  });

  it('concurrent migrators serialise on the advisory lock and apply a new file once', async () => {
    const db = getDb();
    const extra = [
      ...loadMigrations(),
      { version: 999, name: 'probe', sql: 'create table migration_probe (id int)', checksum: 'x' },
    ];
    const results = await Promise.all(
      [1, 2, 3].map(() => migrate(db, { now: new Date(), migrations: extra })),
    );
    expect(results.flat()).toEqual(['999_probe']);
  });
});

describe('migration files', () => {
  it('are numbered NNN_name.sql, unique and increasing', () => {
    // Numbers are reserved per issue, so a branch may lack a lower number until its issue lands.
    const versions = loadMigrations().map((m) => m.version);
    expect(versions[0]).toBe(1);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
  });
});
