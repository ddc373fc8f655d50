import type { Db } from '../db/db';
import { migrate } from '../db/migrate';
import { syncRoleCatalog } from '../members/sync-role-catalog';
import { hasCubeVectors } from '../retrieval/cube-vectors';
import { hasSketchVectors } from '../retrieval/sketch-vectors';

/**
 * Everything a database needs before the service uses it: migrations, then the role catalog; then the
 * capabilities only the migrated schema can tell.
 */
export async function prepareDatabase(db: Db, now: Date): Promise<string[]> {
  const applied = await migrate(db, { now, after: syncRoleCatalog });
  db.capabilities.cube = !db.capabilities.vector && (await hasCubeVectors(db));
  db.capabilities.sketch = !db.capabilities.vector && (await hasSketchVectors(db));
  return applied;
}
