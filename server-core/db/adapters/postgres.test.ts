import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ulid';
import { openPostgres } from './postgres';

const url = process.env.DATABASE_URL;
const withPath = (path: string) => `${url}${url!.includes('?') ? '&' : '?'}search_path=${path}`;

describe.runIf(url)('openPostgres and the schema of DATABASE_URL (needs DATABASE_URL)', () => {
  const schema = `pgopen_${newId()}`;
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null;
  afterAll(async () => {
    await admin?.unsafe(`drop schema if exists ${schema} cascade`);
    await admin?.end();
  });

  it('a search_path naming no existing schema is refused with its name and the statement that creates it', async () => {
    const missing = `nosuch_${newId()}`;
    await expect(openPostgres({ url: withPath(missing), max: 1 })).rejects.toThrow(
      new RegExp(
        `search_path of DATABASE_URL \\(${missing}\\) names no schema that exists in database "[^"]+"\\. ` +
          `Create it first \\(psql: create schema ${missing};\\)`,
      ),
    );
    await expect(openPostgres({ url: url!, schema: missing, max: 1 })).rejects.toThrow(
      /create schema nosuch_/,
    );
    // Nothing was created on the way.
    const rows = await admin!.unsafe('select 1 from pg_namespace where nspname = $1', [missing]);
    expect(rows).toHaveLength(0);
  });

  it('an existing schema is used as it is', async () => {
    await admin!.unsafe(`create schema ${schema}`);
    const db = await openPostgres({ url: withPath(schema), max: 1 });
    try {
      expect(await db.query('select current_schema() as s')).toEqual([{ s: schema }]);
    } finally {
      await db.close();
    }
  });
});
