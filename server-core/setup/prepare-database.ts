import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { syncRoleCatalog } from '../members/sync-role-catalog';
import { optionalVectorColumns } from '../retrieval/chunk-columns';

/**
 * Everything a database needs before the service uses it: migrations, then the role catalog; then the
 * capabilities only the migrated schema can tell.
 */
export async function prepareDatabase(db: Db, now: Date): Promise<string[]> {
  const applied = await migrate(db, { now, after: syncRoleCatalog });
  const columns = await optionalVectorColumns(db);
  db.capabilities.cube = !db.capabilities.vector && columns.has('embedding_cube');
  db.capabilities.sketch = !db.capabilities.vector && columns.has('embedding_sketch');
  return applied;
}
