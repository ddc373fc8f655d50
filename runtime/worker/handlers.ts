import { SCAN_ATTACHMENT_JOB, scanAttachment } from '../../server-core/attachments/scan-attachment';
import { SYSTEM_ACTOR } from '../../server-core/context';
import {
  CONVERSATION_TIMERS_EVERY_MS,
  CONVERSATION_TIMERS_KIND,
  runConversationTimers,
  scheduleConversationTimers,
} from '../../server-core/conversations/conversation-timers';
import { buildDataExport, failDataExport } from '../../server-core/exports/build-data-export';
import { BUILD_EXPORT_JOB } from '../../server-core/exports/data-export';
import {
  HOUSEKEEPING_EVERY_MS,
  HOUSEKEEPING_KIND,
  runHousekeeping,
  scheduleHousekeeping,
} from '../../server-core/jobs/housekeeping';
import type { Job } from '../../server-core/jobs/jobs';
import { SEND_MAIL_JOB } from '../../server-core/mail/enqueue-mail';
import { sendOutboxMail } from '../../server-core/mail/send-outbox-mail';
import {
  RECONCILE_DEPROVISIONS_EVERY_MS,
  RECONCILE_DEPROVISIONS_KIND,
  reconcileDeprovisions,
  scheduleReconcileDeprovisions,
} from '../../server-core/members/reconcile-deprovisions';
import { embedSourceChunks } from '../../server-core/retrieval/embed-source-chunks';
import { EMBED_SOURCE_JOB } from '../../server-core/retrieval/replace-source-chunks';
import type { SourceKind } from '../../server-core/retrieval/types';
import { ensureVectorIndex } from '../../server-core/retrieval/vector-index';
import {
  ATTEMPT_JOB_KIND,
  ATTEMPT_LEASE_MS,
  attemptJobPayload,
} from '../../server-core/webhooks/attempt-job';
import { failAbandonedDelivery } from '../../server-core/webhooks/fail-abandoned-delivery';
import type { JobHandler, WorkerDeps } from './deps';
import { runWebhookAttempt } from './steps';

/** Every kind of background job and what runs it. */
export function defaultHandlers(): Record<string, JobHandler> {
  return {
    [HOUSEKEEPING_KIND]: async (_job, { db, clock, logger, attachments }) => {
      const removed = await runHousekeeping(db, clock.now(), attachments?.store);
      logger.debug('housekeeping done', removed);
    },
    [CONVERSATION_TIMERS_KIND]: async (_job, { db, clock, logger }) => {
      const done = await runConversationTimers(db, clock.now());
      if (done.woken || done.sla_breaches) logger.debug('conversation timers done', done);
    },
    [RECONCILE_DEPROVISIONS_KIND]: async (_job, { db, clock, logger }) => {
      const done = await reconcileDeprovisions(db, clock.now());
      logger.debug('deprovisions reconciled', done);
    },
    [ATTEMPT_JOB_KIND]: runWebhookAttempt,
    [EMBED_SOURCE_JOB]: runEmbedSource,
    [SCAN_ATTACHMENT_JOB]: runScanAttachment,
    [BUILD_EXPORT_JOB]: runBuildExport,
    [SEND_MAIL_JOB]: runSendMail,
  };
}

/**
 * Leases of the kinds that need a short one: a worker killed mid-attempt hands the attempt back after
 * its time-out plus a margin, not after the 5-minute default (housekeeping and embeddings keep that).
 */
export function defaultLeases(): Record<string, number> {
  return { [ATTEMPT_JOB_KIND]: ATTEMPT_LEASE_MS };
}

/** Fills the vectors of one source's chunks (non-inline embedders, or a model change). */
const runEmbedSource: JobHandler = async (job, deps) => {
  if (!deps.embedder) throw new Error('this worker has no embedder');
  const { kind, id } = job.payload as { kind?: SourceKind; id?: string };
  if (!job.workspace_id || !kind || !id) throw new Error('malformed embedding job');
  const { embedded, dimensions } = await embedSourceChunks(
    { db: deps.db, clock: deps.clock, workspaceId: job.workspace_id, actor: SYSTEM_ACTOR },
    deps.embedder,
    { kind, id },
  );
  for (const dim of dimensions) await ensureVectorIndex(deps.db, dim);
  deps.logger.debug('embedded chunks', { job_id: job.id, source: `${kind}:${id}`, chunks: embedded });
};

/**
 * Scans one uploaded attachment (server-core/attachments/scan-attachment.ts). A scanner that is down or
 * silent throws on every attempt but the last (the job backoff retries); the last blocks the file.
 */
const runScanAttachment: JobHandler = async (job, deps) => {
  const { attachment_id } = job.payload as { attachment_id?: string };
  if (!job.workspace_id || typeof attachment_id !== 'string')
    throw new Error('malformed attachment scan job');
  if (!deps.attachments) throw new Error('this worker has no file store');
  const outcome = await scanAttachment(
    { db: deps.db, clock: deps.clock, workspaceId: job.workspace_id, actor: SYSTEM_ACTOR },
    deps.attachments,
    { attachmentId: attachment_id, attempt: job.attempts, maxAttempts: job.max_attempts },
  );
  deps.logger.info('attachment scanned', { job_id: job.id, attachment_id, ...outcome });
};

/** Follow-ups once a job is done (the dedupe index allows the next housekeeping run only then). */
export const AFTER_COMPLETE: Record<string, (deps: WorkerDeps) => Promise<unknown>> = {
  [HOUSEKEEPING_KIND]: ({ db, clock }) =>
    scheduleHousekeeping(db, clock.now(), new Date(clock.now().getTime() + HOUSEKEEPING_EVERY_MS)),
  [RECONCILE_DEPROVISIONS_KIND]: ({ db, clock }) =>
    scheduleReconcileDeprovisions(
      db,
      clock.now(),
      new Date(clock.now().getTime() + RECONCILE_DEPROVISIONS_EVERY_MS),
    ),
  [CONVERSATION_TIMERS_KIND]: ({ db, clock }) =>
    scheduleConversationTimers(
      db,
      clock.now(),
      new Date(clock.now().getTime() + CONVERSATION_TIMERS_EVERY_MS),
    ),
};

/**
 * Follow-ups once a job has failed for good (its own retries spent on thrown errors): a webhook
 * attempt's delivery ends failed rather than pending with no job left (issue 22).
 */
export const AFTER_EXHAUSTED: Record<string, (job: Job, deps: WorkerDeps) => Promise<unknown>> = {
  [ATTEMPT_JOB_KIND]: async (job, { db, clock, logger }) => {
    const { workspace_id, delivery_id } = attemptJobPayload(job);
    const failed = await failAbandonedDelivery(db, {
      workspaceId: workspace_id,
      deliveryId: delivery_id,
      now: clock.now(),
    });
    if (failed)
      logger.warn('webhook delivery failed: its attempts could not be recorded', {
        workspace_id,
        delivery_id,
      });
  },
};

/**
 * Builds one data export (server-core/exports/build-data-export.ts) into the file store, streaming rows
 * page by page. The last failed attempt marks the export failed.
 */
const runBuildExport: JobHandler = async (job, deps) => {
  const { export_id } = job.payload as { export_id?: string };
  if (!job.workspace_id || typeof export_id !== 'string') throw new Error('malformed data export job');
  if (!deps.attachments) throw new Error('this worker has no file store');
  const ctx = { db: deps.db, clock: deps.clock, workspaceId: job.workspace_id, actor: SYSTEM_ACTOR };
  try {
    const built = await buildDataExport(ctx, deps.attachments.store, export_id);
    deps.logger.info('data export built', { job_id: job.id, export_id, rows: built?.rows_done ?? null });
  } catch (err) {
    if (job.attempts >= job.max_attempts) await failDataExport(ctx, export_id);
    throw err;
  }
};

/** Sends one outbox mail over SMTP_URL, or holds it for the dev inbox (server-core/mail/send-outbox-mail.ts). */
const runSendMail: JobHandler = async (job, deps) => {
  const { mail_id } = job.payload as { mail_id?: string };
  if (typeof mail_id !== 'string') throw new Error('malformed mail job');
  const transport = deps.mail ? { mail: deps.mail.transport, from: deps.mail.from } : null;
  const outcome = await sendOutboxMail(
    deps.db,
    deps.clock.now(),
    { mailId: mail_id, attempt: job.attempts, maxAttempts: job.max_attempts },
    transport,
  );
  deps.logger.info('mail processed', { job_id: job.id, mail_id, outcome });
};
