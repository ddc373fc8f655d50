import type { Sql } from '../db/db';
import { DAY, MINUTE, SECOND } from '../lib/clock';
import { newId } from '../lib/ulid';

export const JOBS_CHANNEL = 'jobs';

export interface Job {
  id: string;
  workspace_id: string | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  /** The worker holding the job (set by the claim). */
  locked_by: string | null;
  /** The lane the job runs in (a webhook attempt: its endpoint); null for jobs without limits. */
  concurrency_key: string | null;
}

export interface EnqueueInput {
  kind: string;
  payload?: Record<string, unknown>;
  workspaceId?: string | null;
  runAt?: Date;
  /** While a job with this key is pending or running, enqueueing another is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
  /**
   * The job's lane: jobs of one key, and keyed jobs of one workspace, run only a few at once over all
   * workers (claim-jobs.ts). Needs a workspace.
   */
  concurrencyKey?: string;
}

/** Adds a job (in the caller's transaction when given one) and wakes the workers at commit. */
export async function enqueueJob(db: Sql, input: EnqueueInput, now: Date): Promise<string | null> {
  // on conflict rather than catching the unique violation: inside a transaction on Postgres a caught
  // violation would still abort the caller's transaction.
  const rows = await db.query<{ id: string }>(
    `insert into jobs (id, workspace_id, kind, payload, state, run_at, max_attempts, dedupe_key, concurrency_key,
       created_at, updated_at)
     values ($1, $2, $3, $4::jsonb, 'pending', $5, $6, $7, $9, $8, $8)
     on conflict do nothing
     returning id`,
    [
      newId(now),
      input.workspaceId ?? null,
      input.kind,
      JSON.stringify(input.payload ?? {}),
      input.runAt ?? now,
      input.maxAttempts ?? 5,
      input.dedupeKey ?? null,
      now,
      input.concurrencyKey ?? null,
    ],
  );
  if (rows.length === 0) return null;
  await db.notify(JOBS_CHANNEL, input.kind);
  return rows[0]!.id;
}

/**
 * Adds many jobs in one statement (in the caller's transaction when given one). A job whose dedupe
 * key is already pending or running is skipped. Returns how many were added.
 */
export async function enqueueJobs(db: Sql, inputs: readonly EnqueueInput[], now: Date): Promise<number> {
  if (inputs.length === 0) return 0;
  const rows = await db.query(
    `insert into jobs (id, workspace_id, kind, payload, state, run_at, max_attempts, dedupe_key, concurrency_key,
       created_at, updated_at)
     select id, workspace_id, kind, payload::jsonb, 'pending', run_at, max_attempts, dedupe_key, concurrency_key, $8, $8
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::int[], $7::text[], $9::text[])
       as j(id, workspace_id, kind, payload, run_at, max_attempts, dedupe_key, concurrency_key)
     on conflict do nothing
     returning id`,
    [
      inputs.map(() => newId(now)),
      inputs.map((i) => i.workspaceId ?? null),
      inputs.map((i) => i.kind),
      inputs.map((i) => JSON.stringify(i.payload ?? {})),
      inputs.map((i) => (i.runAt ?? now).toISOString()),
      inputs.map((i) => i.maxAttempts ?? 5),
      inputs.map((i) => i.dedupeKey ?? null),
      now,
      inputs.map((i) => i.concurrencyKey ?? null),
    ],
  );
  if (rows.length > 0) await db.notify(JOBS_CHANNEL, inputs[0]!.kind);
  return rows.length;
}

/**
 * The statement that marks a claimed job done, given the SQL references of the job id, the worker id
 * and the time. A handler may run it inside its own statement (as a CTE) so its writes and the job's
 * completion take one commit. It matches nothing once the worker has lost the job's lease.
 */
export function completeJobStatement(jobId: string, workerId: string, now: string): string {
  return `update jobs set state = 'done', finished_at = ${now}, updated_at = ${now}, locked_by = null,
    locked_until = null, last_error = null where id = ${jobId} and locked_by = ${workerId} and state = 'running'`;
}

/** What a handler returns when it completed its job itself (with completeJobStatement, in its own commit). */
export const JOB_COMPLETED = 'job_completed';

export async function completeJob(db: Sql, job: Job, workerId: string, now: Date): Promise<void> {
  await db.query(completeJobStatement('$1', '$2', '$3'), [job.id, workerId, now]);
}

/** Backoff between attempts of a failed job: 30 s, 1 min, 2 min... capped at 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30 * MINUTE, 30 * SECOND * 2 ** Math.max(0, attempts - 1));
}

/** Records a failed run: the job is retried later, or ends failed (returns true) once its attempts are spent. */
export async function failJob(
  db: Sql,
  job: Job,
  workerId: string,
  error: string,
  now: Date,
): Promise<boolean> {
  const exhausted = job.attempts >= job.max_attempts;
  const rows = await db.query(
    `update jobs set state = $3, last_error = $4, run_at = $5, updated_at = $6, locked_by = null, locked_until = null,
       finished_at = case when $3 = 'failed' then $6::timestamptz else null end
     where id = $1 and locked_by = $2 and state = 'running' returning id`,
    [
      job.id,
      workerId,
      exhausted ? 'failed' : 'pending',
      error.slice(0, 2000),
      new Date(now.getTime() + retryDelayMs(job.attempts)),
      now,
    ],
  );
  return exhausted && rows.length > 0;
}

/** Finished jobs (done or failed) are kept a week for inspection. */
export const FINISHED_JOBS_KEPT_MS = 7 * DAY;

/** Housekeeping: finished jobs older than FINISHED_JOBS_KEPT_MS. */
export async function purgeFinishedJobs(db: Sql, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_JOBS_KEPT_MS);
  return (
    await db.query(`delete from jobs where state in ('done', 'failed') and finished_at < $1 returning id`, [
      before,
    ])
  ).length;
}
