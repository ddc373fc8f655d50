import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite } from '../server-core/db/adapters/pglite';
import { seedDemoWorkspace } from '../server-core/setup/demo-seed';
import { prepareDatabase } from '../server-core/setup/prepare-database';
import { time } from './stats';

/** Cold start of the embedded database on a fresh DATA_DIR, then a warm reopen. */
export async function startupBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-'));
  try {
    const [db, openMs] = await time(() => openPglite({ dataDir: join(dir, 'pg') }));
    const [, migrateMs] = await time(() => prepareDatabase(db, new Date()));
    const [, seedMs] = await time(() => seedDemoWorkspace(db, new Date()));
    await db.close();
    const [db2, reopenMs] = await time(() => openPglite({ dataDir: join(dir, 'pg') }));
    const [, remigrateMs] = await time(() => prepareDatabase(db2, new Date()));
    await db2.close();
    console.log('startup (PGlite, fresh DATA_DIR)');
    console.log(`  open + initdb      ${openMs.toFixed(0)} ms`);
    console.log(`  migrations         ${migrateMs.toFixed(0)} ms`);
    console.log(`  demo seed          ${seedMs.toFixed(0)} ms (one scrypt hash)`);
    console.log(
      `  warm reopen        ${reopenMs.toFixed(0)} ms, nothing to migrate ${remigrateMs.toFixed(0)} ms`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
