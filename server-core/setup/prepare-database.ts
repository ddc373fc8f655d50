import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { syncRoleCatalog } from '../members/sync-role-catalog';

/** Everything a database needs before the service uses it: migrations, then the role catalog. */
export function prepareDatabase(db: Db, now: Date): Promise<string[]> {
  return migrate(db, { now, after: syncRoleCatalog });
}
