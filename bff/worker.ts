import { hostname } from 'node:os';
import { SYSTEM_ACTOR } from '../server-core/context';
import type { Db } from '../server-core/db/db';
import {
  HOUSEKEEPING_EVERY_MS,
  HOUSEKEEPING_KIND,
  runHousekeeping,
  scheduleHousekeeping,
} from '../server-core/jobs/housekeeping';
import {
  claimDueJobs,
  completeJob,
  failJob,
  JOB_COMPLETED,
  JOBS_CHANNEL,
  type Job,
} from '../server-core/jobs/jobs';
import type { Clock } from '../server-core/lib/clock';
import { MINUTE } from '../server-core/lib/clock';
import type { Logger } from '../server-core/lib/logger';
import type { SecretBox } from '../server-core/lib/secret-box';
import { newId } from '../server-core/lib/ulid';
import { OUTBOX_CHANNEL } from '../server-core/outbox/emit-event';
import { embedSourceChunks } from '../server-core/retrieval/embed-source-chunks';
import { EMBED_SOURCE_JOB } from '../server-core/retrieval/replace-source-chunks';
import type { Embedder, SourceKind } from '../server-core/retrieval/types';
import { ensureVectorIndex } from '../server-core/retrieval/vector-index';
import { ATTEMPT_JOB_KIND } from '../server-core/webhooks/attempt-job';
import type { WebhookTransport } from '../server-core/webhooks/transport';
import { dispatchWebhookEvents, runWebhookAttempt } from './webhooks/worker-steps';

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Opens sealed webhook signing secrets. */
  box: SecretBox;
  /** Carries webhook attempts: attempt-time SSRF guard, pinned address, time-out. */
  webhookTransport: WebhookTransport;
  /** Fills retrieval vectors (EMBED_SOURCE_JOB); a worker without one fails those jobs. */
  embedder?: Embedder;
}

/** Runs a job; resolves to JOB_COMPLETED when it marked the job done itself, in its own commit. */
export type JobHandler = (job: Job, deps: WorkerDeps) => Promise<unknown>;

/** Every kind of background job and what runs it. Later issues add exports and mail. */
export function defaultHandlers(): Record<string, JobHandler> {
  return {
    [HOUSEKEEPING_KIND]: async (_job, { db, clock, logger }) => {
      const removed = await runHousekeeping(db, clock.now());
      logger.debug('housekeeping done', removed);
    },
    [ATTEMPT_JOB_KIND]: runWebhookAttempt,
    [EMBED_SOURCE_JOB]: runEmbedSource,
  };
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

/** Follow-ups once a job is done (the dedupe index allows the next housekeeping run only then). */
const AFTER_COMPLETE: Record<string, (deps: WorkerDeps) => Promise<unknown>> = {
  [HOUSEKEEPING_KIND]: ({ db, clock }) =>
    scheduleHousekeeping(db, clock.now(), new Date(clock.now().getTime() + HOUSEKEEPING_EVERY_MS)),
};

export interface WorkerOptions {
  handlers?: Record<string, JobHandler>;
  pollMs?: number;
  leaseMs?: number;
  /** Jobs one worker runs at once (a slow webhook receiver must not hold up the others). */
  concurrency?: number;
  /** Turn outbox events into webhook deliveries each round (default on). */
  dispatch?: boolean;
}

const DEFAULT_CONCURRENCY = 16;

async function runJob(
  deps: WorkerDeps,
  workerId: string,
  handlers: Record<string, JobHandler>,
  job: Job,
): Promise<void> {
  try {
    const result = await handlers[job.kind]!(job, deps);
    if (result !== JOB_COMPLETED) await completeJob(deps.db, job, workerId, deps.clock.now());
    await AFTER_COMPLETE[job.kind]?.(deps);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    deps.logger.warn('job failed', { job_id: job.id, kind: job.kind, attempt: job.attempts, error: message });
    await failJob(deps.db, job, workerId, message, deps.clock.now()).catch((e: Error) =>
      deps.logger.error('could not record a job failure', { job_id: job.id, error: e.message }),
    );
  }
}

/**
 * Runs one round: dispatches pending outbox events into webhook deliveries, then claims due jobs and
 * runs them concurrently. Returns how many jobs ran (tests drive it directly).
 */
export async function runWorkerOnce(
  deps: WorkerDeps,
  workerId: string,
  opts: Omit<WorkerOptions, 'pollMs'> & { batch?: number } = {},
): Promise<number> {
  const handlers = opts.handlers ?? defaultHandlers();
  if (opts.dispatch !== false) await dispatchWebhookEvents(deps);
  const jobs = await claimDueJobs(deps.db, {
    workerId,
    now: deps.clock.now(),
    limit: opts.batch ?? opts.concurrency ?? 10,
    leaseMs: opts.leaseMs ?? 5 * MINUTE,
    kinds: Object.keys(handlers),
  });
  await Promise.all(jobs.map((job) => runJob(deps, workerId, handlers, job)));
  return jobs.length;
}

/**
 * A worker loop: woken by NOTIFY (new jobs, new outbox events, a finished job), polling as a
 * fallback. Keeps up to `concurrency` jobs running, claiming more as slots free up.
 */
export async function startWorker(
  deps: WorkerDeps,
  opts: WorkerOptions = {},
): Promise<{ stop(): Promise<void>; workerId: string }> {
  const workerId = `${hostname()}:${process.pid}:${newId()}`;
  const pollMs = opts.pollMs ?? 2000;
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const handlers = opts.handlers ?? defaultHandlers();
  const leaseMs = opts.leaseMs ?? 5 * MINUTE;
  const inflight = new Set<Promise<void>>();
  // Claim in batches while busy: one claim query per few finished jobs rather than one per job.
  const claimAt = Math.max(1, Math.floor(concurrency / 4));
  let stopped = false;
  let signalled = false;
  let outboxPending = true;
  let wake: (() => void) | null = null;
  const signal = () => {
    signalled = true;
    wake?.();
  };
  await scheduleHousekeeping(deps.db, deps.clock.now());
  const unlistenJobs = await deps.db.listen(JOBS_CHANNEL, signal);
  const unlistenOutbox = await deps.db.listen(OUTBOX_CHANNEL, () => {
    outboxPending = true;
    signal();
  });

  const loop = (async () => {
    while (!stopped) {
      signalled = false;
      let busy = false;
      try {
        if (opts.dispatch !== false && outboxPending) {
          outboxPending = false;
          const dispatched = await dispatchWebhookEvents(deps);
          // A full batch means more may wait; the NOTIFY of events committed meanwhile may be gone.
          if (dispatched.events > 0) outboxPending = busy = true;
        }
        const free = concurrency - inflight.size;
        if (free >= claimAt || (free > 0 && inflight.size === 0)) {
          const jobs = await claimDueJobs(deps.db, {
            workerId,
            now: deps.clock.now(),
            limit: free,
            leaseMs,
            kinds: Object.keys(handlers),
          });
          for (const job of jobs) {
            const run: Promise<void> = runJob(deps, workerId, handlers, job).finally(() => {
              inflight.delete(run);
              signal();
            });
            inflight.add(run);
          }
          busy ||= jobs.length === free;
        }
      } catch (err) {
        deps.logger.error('worker round failed', { error: (err as Error).message });
      }
      if (stopped || busy || signalled) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // The poll fallback also looks at the outbox (a NOTIFY can be missed across reconnects).
          outboxPending = true;
          resolve();
        }, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
    await Promise.all(inflight);
  })();

  deps.logger.info('worker started', { worker_id: workerId, concurrency });
  return {
    workerId,
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await unlistenJobs();
      await unlistenOutbox();
    },
  };
}
