import type { Sql } from '../db/db';
import { enqueueJob } from '../jobs/jobs';
import { MINUTE } from '../lib/clock';
import { checkSlaBreaches } from './check-sla-breaches';
import { wakeSnoozedConversations } from './wake-snoozed-conversations';

/** The job kind of the conversation timers: snoozes that end, SLA targets that pass. Every minute. */
export const CONVERSATION_TIMERS_KIND = 'conversation_timers';
export const CONVERSATION_TIMERS_EVERY_MS = MINUTE;

/** One run: wakes snoozed conversations, then announces passed SLA targets. */
export async function runConversationTimers(
  db: Sql,
  now: Date,
): Promise<{ woken: number; sla_breaches: number }> {
  return { woken: await wakeSnoozedConversations(db, now), sla_breaches: await checkSlaBreaches(db, now) };
}

/** Keeps exactly one timers job scheduled (the dedupe key makes repeats no-ops). */
export function scheduleConversationTimers(db: Sql, now: Date, runAt: Date = now): Promise<string | null> {
  return enqueueJob(
    db,
    { kind: CONVERSATION_TIMERS_KIND, runAt, dedupeKey: CONVERSATION_TIMERS_KIND, maxAttempts: 3 },
    now,
  );
}
