import type { Sql } from '../db/db';
import { purgeExpiredContactEvents } from '../events/record-events';
import { purgeExpiredIdempotencyRecords } from '../idempotency/idempotency-store';
import { DAY, HOUR } from '../lib/clock';
import { purgeRateLimitWindows } from '../ratelimit/rate-limiter';
import { purgeExpiredVisitors } from '../widget/visitors';
import { enqueueJob } from './jobs';

export const HOUSEKEEPING_KIND = 'housekeeping';
export const HOUSEKEEPING_EVERY_MS = HOUR;

/**
 * Removes what has expired: idempotency records, sessions, old sign-in attempts, rate windows, contact
 * events past their 13-month retention, expired widget visitor sessions, finished jobs.
 */
export async function runHousekeeping(db: Sql, now: Date): Promise<Record<string, number>> {
  const count = async (sql: string, params: unknown[]) => (await db.query(sql, params)).length;
  return {
    idempotency_records: await purgeExpiredIdempotencyRecords(db, now),
    sessions: await count('delete from sessions where expires_at <= $1 returning id', [now]),
    login_attempts: await count('delete from login_attempts where created_at < $1 returning id', [
      new Date(now.getTime() - DAY),
    ]),
    rate_limit_windows: await purgeRateLimitWindows(db, new Date(now.getTime() - HOUR)),
    contact_events: await purgeExpiredContactEvents({ db, clock: { now: () => now } }),
    widget_visitors: await purgeExpiredVisitors(db, now),
    jobs: await count(
      `delete from jobs where state in ('done', 'failed') and finished_at < $1 returning id`,
      [new Date(now.getTime() - 7 * DAY)],
    ),
  };
}

/** Keeps exactly one housekeeping job scheduled (the dedupe key makes repeats no-ops). */
export function scheduleHousekeeping(db: Sql, now: Date, runAt: Date = now): Promise<string | null> {
  return enqueueJob(
    db,
    { kind: HOUSEKEEPING_KIND, runAt, dedupeKey: HOUSEKEEPING_KIND, maxAttempts: 3 },
    now,
  );
}
