import type { Sql } from '../db/db';
import { DRIFT_WINDOW_MS } from './drift-rule';

/** Housekeeping: step misses older than the drift window no longer count anywhere (every workspace). */
export async function purgeOldGuideMisses(db: Sql, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DRIFT_WINDOW_MS);
  return (await db.query('delete from guide_step_misses where missed_at < $1 returning step_id', [before]))
    .length;
}
