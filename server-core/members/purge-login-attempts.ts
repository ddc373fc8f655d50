import type { Sql } from '../db/db';
import { KNOWN_ADDRESS_MS, PAIR_LOOKBACK_MS } from './login-throttle';

/** Failed sign-in attempts are kept as long as the throttle looks back at them (login-throttle.ts). */
export const LOGIN_ATTEMPTS_KEPT_MS = PAIR_LOOKBACK_MS;
/** Successes are kept longer: they make an address known to the account. */
export const LOGIN_SUCCESSES_KEPT_MS = KNOWN_ADDRESS_MS;

/** Housekeeping: failures older than LOGIN_ATTEMPTS_KEPT_MS, successes older than LOGIN_SUCCESSES_KEPT_MS. */
export async function purgeOldLoginAttempts(db: Sql, now: Date): Promise<number> {
  const failuresBefore = new Date(now.getTime() - LOGIN_ATTEMPTS_KEPT_MS);
  const successesBefore = new Date(now.getTime() - LOGIN_SUCCESSES_KEPT_MS);
  return (
    await db.query(
      `delete from login_attempts
       where (not succeeded and created_at < $1) or (succeeded and created_at < $2) returning id`,
      [failuresBefore, successesBefore],
    )
  ).length;
}
