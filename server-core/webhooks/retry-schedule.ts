import { HOUR, MINUTE } from '../lib/clock';

/** Five attempts: at once, then 1 minute, 5, 30 and 120 minutes after the previous one (about 2h36m). */
export const MAX_ATTEMPTS = 5;
const DELAYS_AFTER_ATTEMPT = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR] as const;

/** When attempt `number + 1` is due, given when attempt `number` started; null after the last. */
export function nextAttemptAt(number: number, attemptedAt: Date): Date | null {
  const delay = DELAYS_AFTER_ATTEMPT[number - 1];
  return number >= MAX_ATTEMPTS || delay === undefined ? null : new Date(attemptedAt.getTime() + delay);
}

/** Consecutive exhausted deliveries that disable an endpoint. */
export const AUTO_DISABLE_AFTER = 10;

/** Success is a 2xx within this long; every attempt is cut off after it. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
