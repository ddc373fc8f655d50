import type { Ctx } from '../context';
import type { Db } from '../db/db';
import { type ManualClock, manualClock } from '../lib/clock';

/** A server-core context for tests: the workspace's own, a system actor, a manual clock. */
export function testCtx(
  db: Db,
  workspaceId: string,
  clock: ManualClock = manualClock(new Date().toISOString()),
): Ctx & { clock: ManualClock } {
  return { db, clock, workspaceId, actor: { type: 'system', id: null } };
}
