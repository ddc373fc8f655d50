import type { EnqueueInput, Job } from '../jobs/jobs';
import { SECOND } from '../lib/clock';
import { ATTEMPT_TIMEOUT_MS } from './retry-schedule';

/** One delivery attempt is one job: claimed with FOR UPDATE SKIP LOCKED, so two workers never run it both. */
export const ATTEMPT_JOB_KIND = 'webhook.attempt';

/**
 * An attempt's lease: its time-out plus a margin for loading and recording it. A worker killed
 * mid-attempt hands it back this long after it took it.
 */
export const ATTEMPT_LEASE_MS = ATTEMPT_TIMEOUT_MS + 20 * SECOND;

export interface AttemptJobPayload {
  delivery_id: string;
  /** The attempt this job was scheduled to make. */
  number: number;
}

export function attemptJob(input: {
  workspaceId: string;
  deliveryId: string;
  endpointId: string;
  number: number;
  runAt: Date;
}): EnqueueInput {
  return {
    kind: ATTEMPT_JOB_KIND,
    workspaceId: input.workspaceId,
    payload: { delivery_id: input.deliveryId, number: input.number } satisfies AttemptJobPayload,
    runAt: input.runAt,
    // The job table's own retries are for infrastructure failures only (the database gone mid-attempt);
    // receiver failures are recorded as attempts and scheduled by the webhook retry table instead.
    maxAttempts: 3,
    dedupeKey: `${ATTEMPT_JOB_KIND}:${input.workspaceId}:${input.deliveryId}:${input.number}`,
    // The endpoint is the lane: its attempts, and the workspace's, run only a few at once.
    concurrencyKey: input.endpointId,
  };
}

export interface AttemptToMake {
  workspace_id: string;
  delivery_id: string;
  /** The attempt this run makes (Service-Attempt). */
  number: number;
  /** The attempt the job was scheduled to make: once that one is recorded, the job has nothing to do. */
  scheduled: number;
}

/**
 * The attempt a claimed job makes. Each earlier claim of the same job may have sent a request whose
 * outcome was never recorded (its worker was killed, or the database failed while recording), so
 * the number moves on with every claim: a receiver sees 1, then 2, and every send counts toward
 * the five.
 */
export function attemptJobPayload(job: Job): AttemptToMake {
  const p = job.payload as Partial<AttemptJobPayload>;
  if (!job.workspace_id || typeof p.delivery_id !== 'string' || typeof p.number !== 'number')
    throw new Error(`Malformed webhook attempt job ${job.id}`);
  return {
    workspace_id: job.workspace_id,
    delivery_id: p.delivery_id,
    number: p.number + Math.max(0, job.attempts - 1),
    scheduled: p.number,
  };
}
