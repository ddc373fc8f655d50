import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { boot } from '../runtime/boot';
import { readLock } from '../runtime/instance-lock';
import { sendOpsCommand } from '../runtime/ops-socket';
import { type OpsCommand, type OpsResult, runOpsCommand } from '../server-core/ops/ops-commands';

/**
 * Runs an operator command where it is safe: through the running server when it holds the embedded
 * database (its ops socket), otherwise against the database directly, booted like the server (holding
 * the DATA_DIR lock, so a server cannot start on it meanwhile). Silent: the output is the command's.
 */
export async function runOps(cmd: OpsCommand): Promise<OpsResult> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl) {
    const holder = readLock(config.dataDir);
    if (holder) return sendOpsCommand(holder.opsSocket, cmd);
  }
  const booted = await boot({ config, logger: silentLogger });
  try {
    return await runOpsCommand(booted.db, booted.clock, cmd);
  } finally {
    await booted.close();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
