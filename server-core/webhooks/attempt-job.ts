import type { EnqueueInput, Job } from '../jobs/jobs';

/** One delivery attempt is one job: claimed with FOR UPDATE SKIP LOCKED, so two workers never run it both. */
export const ATTEMPT_JOB_KIND = 'webhook.attempt';

export interface AttemptJobPayload {
  delivery_id: string;
  number: number;
}

export function attemptJob(input: {
  workspaceId: string;
  deliveryId: string;
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
  };
}

export function attemptJobPayload(job: Job): AttemptJobPayload & { workspace_id: string } {
  const p = job.payload as Partial<AttemptJobPayload>;
  if (!job.workspace_id || typeof p.delivery_id !== 'string' || typeof p.number !== 'number')
    throw new Error(`Malformed webhook attempt job ${job.id}`);
  return { workspace_id: job.workspace_id, delivery_id: p.delivery_id, number: p.number };
}
