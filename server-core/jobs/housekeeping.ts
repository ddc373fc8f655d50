import type { Sql } from '../db/db';
import { purgeExpiredContactEvents } from '../events/record-events';
import { purgeOldPageFacts } from '../experiences/decision/purge-page-facts';
import { purgeExpiredDataExports } from '../exports/purge-data-exports';
import type { FileStore } from '../files/file-store';
import { purgeOldGuideMisses } from '../guides-drift/purge-old-guide-misses';
import { purgeExpiredIdempotencyRecords } from '../idempotency/idempotency-store';
import { HOUR } from '../lib/clock';
import { purgeOldMail } from '../mail/dev-inbox';
import { purgeOldInboundMailIds } from '../mail/inbound-mail-received';
import { purgeExpiredInvitations } from '../members/invitations';
import { purgeExpiredPasswordResets } from '../members/password-reset';
import { purgeOldLoginAttempts } from '../members/purge-login-attempts';
import { purgeExpiredSessions } from '../members/sessions';
import { purgeRateLimitWindows } from '../ratelimit/rate-limiter';
import { purgeExpiredSaml } from '../saml/purge-saml';
import { purgeWebhookHistory } from '../webhooks/purge-webhook-history';
import { purgeExpiredVisitors } from '../widget/visitors';
import { enqueueJob, purgeFinishedJobs } from './jobs';

export const HOUSEKEEPING_KIND = 'housekeeping';
export const HOUSEKEEPING_EVERY_MS = HOUR;

/**
 * Removes what has expired, each domain by its own purge: idempotency records, sessions, old sign-in
 * attempts, rate windows, contact events past their 13-month retention, expired widget visitor
 * sessions, page facts of element conditions older than a day, guide step misses older than 7 days (they
 * no longer count toward drift), finished jobs, webhook deliveries finished 30 days ago and outbox rows
 * dispatched 7 days ago (in batches), outbox mail older than 30 days, inbound Message-IDs older than 30 days, and the files of data exports 7 days after they were ready (with a
 * file store; a worker without one leaves them for one that has it).
 */
export async function runHousekeeping(
  db: Sql,
  now: Date,
  files?: FileStore,
): Promise<Record<string, number>> {
  return {
    idempotency_records: await purgeExpiredIdempotencyRecords(db, now),
    sessions: await purgeExpiredSessions(db, now),
    saml: await purgeExpiredSaml(db, now),
    login_attempts: await purgeOldLoginAttempts(db, now),
    rate_limit_windows: await purgeRateLimitWindows(db, new Date(now.getTime() - HOUR)),
    contact_events: await purgeExpiredContactEvents({ db, clock: { now: () => now } }),
    widget_visitors: await purgeExpiredVisitors(db, now),
    widget_page_facts: await purgeOldPageFacts(db, now),
    guide_step_misses: await purgeOldGuideMisses(db, now),
    jobs: await purgeFinishedJobs(db, now),
    mail_outbox: await purgeOldMail(db, now),
    inbound_mail_ids: await purgeOldInboundMailIds(db, now),
    invitations: await purgeExpiredInvitations(db, now),
    password_resets: await purgeExpiredPasswordResets(db, now),
    ...(await purgeWebhookHistory(db, now)),
    data_exports: files ? await purgeExpiredDataExports(db, files, now) : 0,
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
