import type { Sql } from '../../db/db';
import { DAY } from '../../lib/clock';

/** Page facts answer one page view's element conditions; after this long they are noise. */
export const PAGE_FACTS_TTL_MS = DAY;

/** Housekeeping: page facts not reported again for a day (every workspace). */
export async function purgeOldPageFacts(db: Sql, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PAGE_FACTS_TTL_MS);
  return (
    await db.query('delete from widget_page_facts where updated_at < $1 returning visitor_id', [before])
  ).length;
}
