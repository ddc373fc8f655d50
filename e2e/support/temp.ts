import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the e2e run keeps its temporary directories: one folder per run, made by the global setup and
 * passed to the test workers through the environment. The setup's teardown reports whatever a test left
 * in it (a test must remove what it made) and then removes the folder.
 */
export const E2E_TMP_ROOT = 'E2E_TMP_ROOT';

/** A fresh temporary directory of this run (the system's temp directory outside an e2e run). */
export function e2eTempDir(prefix: string): string {
  return mkdtempSync(join(process.env[E2E_TMP_ROOT] || tmpdir(), prefix));
}

/**
 * A migrated embedded database (a DATA_DIR's `pg` folder) made once by the global setup, which
 * startChildServer copies into the DATA_DIRs it makes: a server's first start spends some 5 s creating
 * and migrating the database, the same for every copy. The global server and the files that pass their
 * own DATA_DIR still start from nothing.
 */
export const E2E_PG_TEMPLATE = 'E2E_PG_TEMPLATE';
