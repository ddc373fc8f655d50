import { hostname } from 'node:os';
import { scheduleConversationTimers } from '../../server-core/conversations/conversation-timers';
import {
  type ClaimInput,
  type ConcurrencyCaps,
  claimDueJobs,
  claimJobs,
} from '../../server-core/jobs/claim-jobs';
import { scheduleHousekeeping } from '../../server-core/jobs/housekeeping';
import { completeJob, failJob, JOB_COMPLETED, JOBS_CHANNEL, type Job } from '../../server-core/jobs/jobs';
import { MINUTE } from '../../server-core/lib/clock';
import { newId } from '../../server-core/lib/ulid';
import { scheduleReconcileDeprovisions } from '../../server-core/members/reconcile-deprovisions';
import { OUTBOX_CHANNEL } from '../../server-core/outbox/emit-event';
import type { JobHandler, WorkerDeps } from './deps';
import { AFTER_COMPLETE, AFTER_EXHAUSTED, defaultHandlers, defaultLeases } from './handlers';
import { dispatchWebhookEvents } from './steps';

export interface WorkerOptions {
  handlers?: Record<string, JobHandler>;
  pollMs?: number;
  /** The lease of kinds without one of their own (5 minutes). */
  leaseMs?: number;
  /** Leases by kind (default: a webhook attempt's time-out plus a margin). */
  leases?: Record<string, number>;
  /** Per-workspace and per-endpoint limits on running webhook attempts, over all workers. */
  caps?: ConcurrencyCaps;
  /** Jobs one worker runs at once (a slow webhook receiver must not hold up the others). */
  concurrency?: number;
  /** Turn outbox events into webhook deliveries each round (default on). */
  dispatch?: boolean;
}

const DEFAULT_CONCURRENCY = 16;
const DEFAULT_LEASE_MS = 5 * MINUTE;
/** How soon a worker claims again when another worker was claiming from the same workspace. */
const CONTENDED_RETRY_MS = 10;

/** What every claim of a worker shares. */
function claimSettings(
  handlers: Record<string, JobHandler>,
  opts: Pick<WorkerOptions, 'leaseMs' | 'leases' | 'caps'>,
): Pick<ClaimInput, 'leaseMs' | 'leases' | 'kinds' | 'caps'> {
  return {
    leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS,
    leases: opts.leases ?? defaultLeases(),
    kinds: Object.keys(handlers),
    caps: opts.caps,
  };
}

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
    try {
      const exhausted = await failJob(deps.db, job, workerId, message, deps.clock.now());
      if (exhausted) await AFTER_EXHAUSTED[job.kind]?.(job, deps);
    } catch (e) {
      deps.logger.error('could not record a job failure', { job_id: job.id, error: (e as Error).message });
    }
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
    ...claimSettings(handlers, opts),
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
  const settings = claimSettings(handlers, opts);
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
  await scheduleReconcileDeprovisions(deps.db, deps.clock.now());
  await scheduleConversationTimers(deps.db, deps.clock.now());
  const unlistenJobs = await deps.db.listen(JOBS_CHANNEL, signal);
  const unlistenOutbox = await deps.db.listen(OUTBOX_CHANNEL, () => {
    outboxPending = true;
    signal();
  });

  const loop = (async () => {
    while (!stopped) {
      signalled = false;
      let busy = false;
      let retryMs = pollMs;
      try {
        if (opts.dispatch !== false && outboxPending) {
          outboxPending = false;
          const dispatched = await dispatchWebhookEvents(deps);
          // A full batch means more may wait; the NOTIFY of events committed meanwhile may be gone.
          if (dispatched.events > 0) outboxPending = busy = true;
        }
        const free = concurrency - inflight.size;
        if (free >= claimAt || (free > 0 && inflight.size === 0)) {
          const { jobs, contended } = await claimJobs(deps.db, {
            workerId,
            now: deps.clock.now(),
            limit: free,
            ...settings,
          });
          // A workspace another worker was claiming from was skipped: its jobs may still wait.
          if (contended && jobs.length < free) retryMs = Math.min(pollMs, CONTENDED_RETRY_MS);
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
          if (retryMs === pollMs) outboxPending = true;
          resolve();
        }, retryMs);
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
