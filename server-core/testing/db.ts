import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openPglite } from '../db/adapters/pglite';
import type { Db } from '../db/db';
import { prepareDatabase } from '../setup/prepare-database';
import { openThrowawaySchema } from './throwaway-schema';

export type AdapterName = 'pglite' | 'postgres';

/** The adapters this run covers: PGlite always, Postgres when DATABASE_URL is set (CI sets it). */
export function testAdapters(): AdapterName[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDb {
  db: Db;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: PGlite from the template dump, or a throwaway schema on Postgres. */
export async function openTestDb(adapter: AdapterName): Promise<TestDb> {
  if (adapter === 'pglite') {
    const template = readFileSync(inject('pgliteTemplate'));
    const db = await openPglite({ loadDataDir: new Blob([template]) });
    await prepareDatabase(db, new Date());
    return { db, dispose: () => db.close() };
  }
  const scoped = await openThrowawaySchema(process.env.DATABASE_URL!, { prefix: 't', max: 4 });
  await prepareDatabase(scoped.db, new Date());
  return { db: scoped.db, dispose: scoped.dispose };
}

/**
 * Runs a suite once per adapter. The callback receives a getter; the database is opened in
 * beforeAll and shared by the suite's tests (each test makes its own workspace to stay independent).
 */
export function describeDb(name: string, body: (getDb: () => Db, adapter: AdapterName) => void): void {
  for (const adapter of testAdapters()) {
    describe(`${name} [${adapter}]`, () => {
      let handle: TestDb | null = null;
      beforeAll(async () => {
        handle = await openTestDb(adapter);
      }, 60_000);
      afterAll(async () => {
        await handle?.dispose();
      });
      body(() => {
        if (!handle) throw new Error('database not open yet');
        return handle.db;
      }, adapter);
    });
  }
}
