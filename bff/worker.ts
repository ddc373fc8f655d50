import { hostname } from 'node:os';
import type { Db } from '../server-core/db/db';
import {
  HOUSEKEEPING_EVERY_MS,
  HOUSEKEEPING_KIND,
  runHousekeeping,
  scheduleHousekeeping,
} from '../server-core/jobs/housekeeping';
import { claimDueJobs, completeJob, failJob, JOBS_CHANNEL, type Job } from '../server-core/jobs/jobs';
import type { Clock } from '../server-core/lib/clock';
import { MINUTE } from '../server-core/lib/clock';
import type { Logger } from '../server-core/lib/logger';
import { newId } from '../server-core/lib/ulid';

export interface WorkerDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
}

export type JobHandler = (job: Job, deps: WorkerDeps) => Promise<void>;

/** Every kind of background job and what runs it. Later issues add webhook attempts, exports, mail. */
export function defaultHandlers(): Record<string, JobHandler> {
  return {
    [HOUSEKEEPING_KIND]: async (_job, { db, clock, logger }) => {
      const removed = await runHousekeeping(db, clock.now());
      logger.debug('housekeeping done', removed);
    },
  };
}

/** Follow-ups once a job is done (the dedupe index allows the next housekeeping run only then). */
const AFTER_COMPLETE: Record<string, (deps: WorkerDeps) => Promise<unknown>> = {
  [HOUSEKEEPING_KIND]: ({ db, clock }) =>
    scheduleHousekeeping(db, clock.now(), new Date(clock.now().getTime() + HOUSEKEEPING_EVERY_MS)),
};

export interface WorkerOptions {
  handlers?: Record<string, JobHandler>;
  pollMs?: number;
  leaseMs?: number;
  batch?: number;
}

/** Runs one round: claims due jobs and runs them. Returns how many ran (tests drive it directly). */
export async function runWorkerOnce(
  deps: WorkerDeps,
  workerId: string,
  opts: WorkerOptions = {},
): Promise<number> {
  const handlers = opts.handlers ?? defaultHandlers();
  const jobs = await claimDueJobs(deps.db, {
    workerId,
    now: deps.clock.now(),
    limit: opts.batch ?? 10,
    leaseMs: opts.leaseMs ?? 5 * MINUTE,
    kinds: Object.keys(handlers),
  });
  for (const job of jobs) {
    try {
      await handlers[job.kind]!(job, deps);
      await completeJob(deps.db, job, workerId, deps.clock.now());
      await AFTER_COMPLETE[job.kind]?.(deps);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      deps.logger.warn('job failed', {
        job_id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        error: message,
      });
      await failJob(deps.db, job, workerId, message, deps.clock.now());
    }
  }
  return jobs.length;
}

/** A worker loop: woken by NOTIFY on enqueue, polling as a fallback. */
export async function startWorker(
  deps: WorkerDeps,
  opts: WorkerOptions = {},
): Promise<{ stop(): Promise<void> }> {
  const workerId = `${hostname()}:${process.pid}:${newId()}`;
  const pollMs = opts.pollMs ?? 2000;
  let stopped = false;
  let wake: (() => void) | null = null;
  await scheduleHousekeeping(deps.db, deps.clock.now());
  const unlisten = await deps.db.listen(JOBS_CHANNEL, () => wake?.());

  const loop = (async () => {
    while (!stopped) {
      let ran = 0;
      try {
        ran = await runWorkerOnce(deps, workerId, opts);
      } catch (err) {
        deps.logger.error('worker round failed', { error: (err as Error).message });
      }
      if (ran === 0 && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
    }
  })();

  deps.logger.info('worker started', { worker_id: workerId });
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await unlisten();
    },
  };
}
