import { acquireLock, readLock } from '../bff/runtime/instance-lock';
import { sendOpsCommand } from '../bff/runtime/ops-socket';
import { openDb } from '../server-core/db/open-db';
import { systemClock } from '../server-core/lib/clock';
import { loadConfig } from '../server-core/lib/config';
import { loadOrCreateSecretKey } from '../server-core/lib/secret-key';
import { type OpsCommand, type OpsResult, runOpsCommand } from '../server-core/ops/ops-commands';
import { checkSecretKeyFingerprint } from '../server-core/setup/check-secret-key';
import { prepareDatabase } from '../server-core/setup/prepare-database';

/**
 * Runs an operator command where it is safe: through the running server when it holds the embedded
 * database (its ops socket), otherwise against the database directly, holding the DATA_DIR lock so
 * a server cannot start on it meanwhile.
 */
export async function runOps(cmd: OpsCommand): Promise<OpsResult> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const holder = readLock(config.dataDir);
    if (holder) return sendOpsCommand(holder.opsSocket, cmd);
  }
  const lock = config.databaseUrl ? null : acquireLock(config.dataDir);
  try {
    const { key } = loadOrCreateSecretKey(config.secretKey, config.dataDir);
    const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await prepareDatabase(db, systemClock.now());
      await checkSecretKeyFingerprint(db, key, systemClock.now());
      return await runOpsCommand(db, systemClock, cmd);
    } finally {
      await db.close();
    }
  } finally {
    lock?.release();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
