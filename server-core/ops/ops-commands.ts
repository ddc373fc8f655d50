import type { Db } from '../db/db';
import { isFlag } from '../flags/catalog';
import { setFlag } from '../flags/flags';
import type { Clock } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { parseUlid } from '../lib/ulid';
import { type SeededWorkspace, seedWorkspace } from '../setup/seed-workspace';
import { getWorkspace } from '../workspaces/create-workspace';

/** Operator commands, run by the CLI directly or by the running server for it (ops socket). */
export type OpsCommand =
  | { command: 'seed'; name?: string }
  | { command: 'flag'; workspaceId: string; flag: string; enabled: boolean };

export type OpsResult = SeededWorkspace | { workspaceId: string; flag: string; enabled: boolean };

export async function runOpsCommand(db: Db, clock: Clock, cmd: OpsCommand): Promise<OpsResult> {
  switch (cmd.command) {
    case 'seed':
      return seedWorkspace(db, { now: clock.now(), name: cmd.name?.trim() || 'Seeded workspace' });
    case 'flag': {
      if (!isFlag(cmd.flag)) {
        throw new DomainError('unknown_flag', 422, `Unknown flag ${cmd.flag}.`, { flag: cmd.flag });
      }
      const workspaceId = parseUlid(cmd.workspaceId);
      if (!workspaceId || !(await getWorkspace(db, workspaceId))) {
        throw new DomainError('not_found', 404, `No workspace ${cmd.workspaceId}.`);
      }
      await setFlag(db, workspaceId, cmd.flag, cmd.enabled, clock.now());
      return { workspaceId, flag: cmd.flag, enabled: cmd.enabled };
    }
  }
}
