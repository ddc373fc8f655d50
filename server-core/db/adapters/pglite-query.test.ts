import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite } from './pglite';

let db: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  db = await openPglite();
});
afterAll(() => db.close());

const preparedCount = async () =>
  (await db.pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;

it('keeps at most 500 statements prepared and prepares a forgotten one again', async () => {
  for (let i = 0; i < 520; i++) {
    expect(await db.query<{ v: number }>(`select $1::int + ${i} as v`, [1])).toEqual([{ v: 1 + i }]);
  }
  expect(await preparedCount()).toBeLessThanOrEqual(500);
  expect(await db.query('select $1::int + 0 as v', [5])).toEqual([{ v: 5 }]);
});

it('closes every prepared statement when a script runs (migrations change types)', async () => {
  await db.query('select $1::text as v', ['x']);
  expect(await preparedCount()).toBeGreaterThan(0);
  await db.exec('create table script_probe (id int)');
  expect(await preparedCount()).toBe(0);
  expect(await db.query('select $1::text as v', ['y'])).toEqual([{ v: 'y' }]);
});

it('a statement waits for an open transaction instead of running inside it', async () => {
  await db.exec('create table tx_order_probe (id int)');
  let inserted!: () => void;
  const insertedInTx = new Promise<void>((r) => {
    inserted = r;
  });
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  const tx = db.tx(async (t) => {
    await t.query('insert into tx_order_probe values (1)');
    inserted();
    await held;
    throw new Error('roll back');
  });
  await insertedInTx;
  const outside = db.query<{ n: number }>('select count(*)::int as n from tx_order_probe');
  // give the outside statement every chance to run while the transaction is open
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  release();
  await expect(tx).rejects.toThrow('roll back');
  expect(await outside).toEqual([{ n: 0 }]);
});
