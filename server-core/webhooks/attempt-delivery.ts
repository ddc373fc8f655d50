import type { Sql } from '../db/db';
import { completeJobStatement, enqueueJob } from '../jobs/jobs';
import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/secret-box';
import { attemptJob } from './attempt-job';
import { createDeliveryLoader, type DeliveryLoader, type DeliveryToSend } from './delivery-loader';
import { disableEndpoint } from './endpoint-state';
import { AUTO_DISABLE_AFTER, MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule';
import { signatureHeader, signingSecretContext } from './signing';
import type { AttemptOutcome, WebhookTransport } from './transport';

type DeliveryState = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface AttemptDeps {
  db: Sql;
  clock: Clock;
  box: SecretBox;
  transport: WebhookTransport;
  /** Coalesces the loads of attempts started together (one per worker); one query per attempt otherwise. */
  load?: DeliveryLoader;
}

export type AttemptResult =
  | { kind: 'skipped'; reason: 'delivery_gone' | 'not_pending' | 'already_attempted' | 'endpoint_disabled' }
  | {
      /** The last attempt was interrupted (its worker was killed): the delivery failed without another send. */
      kind: 'exhausted';
      endpointId: string;
      eventType: string;
      disabledReason: string | null;
    }
  | {
      kind: 'attempted';
      endpointId: string;
      eventType: string;
      outcome: AttemptOutcome;
      deliveryStatus: DeliveryState;
      nextAttemptAt: Date | null;
      /** Set when this attempt's failure disabled the endpoint. */
      disabledReason: string | null;
    };

export const USER_AGENT = 'SupportPlatform-Webhooks/1';

/** The request of one attempt: the stored bytes, signed now, with the headers of spec section 6. */
export function buildAttemptRequest(
  d: DeliveryToSend,
  secrets: string | readonly string[],
  number: number,
  at: Date,
) {
  return {
    url: d.url,
    body: d.body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
      'Service-Signature': signatureHeader(secrets, d.body, at),
      'Idempotency-Key': d.delivery_key,
      'Service-Delivery-Id': d.delivery_key,
      'Service-Event-Type': d.event_type,
      'Service-Attempt': String(number),
      'Service-Payload-Version': d.payload_version,
    },
  };
}

const SECRET_UNAVAILABLE: AttemptOutcome = {
  ok: false,
  statusCode: null,
  errorCode: 'signing_secret_unavailable',
  error: 'The signing secret could not be opened (was SECRET_KEY changed?).',
  durationMs: 0,
};

function openSecret(box: SecretBox, workspaceId: string, d: DeliveryToSend, sealed: string): string | null {
  try {
    return box.open(sealed, signingSecretContext(workspaceId, d.endpoint_id));
  } catch {
    return null;
  }
}

/**
 * The secrets an attempt at `at` signs with: the current one, then the one a rotation replaced while its
 * overlap window lasts (a previous secret that no longer opens is left out). Null when the current one
 * does not open.
 */
function signingSecrets(box: SecretBox, workspaceId: string, d: DeliveryToSend, at: Date): string[] | null {
  const current = openSecret(box, workspaceId, d, d.secret_sealed);
  if (current === null) return null;
  const overlapping =
    d.previous_secret_sealed !== null &&
    d.previous_secret_expires_at !== null &&
    new Date(d.previous_secret_expires_at).getTime() > at.getTime();
  const previous = overlapping ? openSecret(box, workspaceId, d, d.previous_secret_sealed!) : null;
  return previous === null ? [current] : [current, previous];
}

/** What an attempt job asks for: attempt `number`, scheduled as attempt `scheduled` (the same unless retried). */
export interface AttemptRequest {
  workspace_id: string;
  delivery_id: string;
  number: number;
  scheduled?: number;
}

/** The delivery's last_error (and the endpoint's disabled_reason) when its last attempt was lost. */
export const LAST_ATTEMPT_INTERRUPTED = `Attempt ${MAX_ATTEMPTS} was interrupted before its outcome was recorded; no attempts remain.`;

/**
 * Makes attempt `number` of a delivery and records it. A job that runs again (its worker died, its
 * lease ran out) finds its scheduled attempt recorded and does nothing, or, when nothing was
 * recorded, makes the next attempt (the lost one may have reached the receiver): at least once, never
 * recorded twice, never more than five sends. When the lost attempt was the fifth, the delivery fails.
 */
export async function attemptDelivery(
  deps: AttemptDeps,
  job: AttemptRequest,
  /** The job this attempt runs as and its worker: completed in the same commit as the record. */
  claim: { jobId: string; workerId: string } | null = null,
): Promise<AttemptResult> {
  const { db, clock } = deps;
  const d = await (deps.load ?? createDeliveryLoader(db))(job.workspace_id, job.delivery_id);
  if (!d) return { kind: 'skipped', reason: 'delivery_gone' };
  if (d.status !== 'pending') return { kind: 'skipped', reason: 'not_pending' };
  if (d.attempt_count >= (job.scheduled ?? job.number))
    return { kind: 'skipped', reason: 'already_attempted' };
  if (d.endpoint_status !== 'enabled') {
    await db.query(
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, completed_at = $3, updated_at = $3
       where workspace_id = $1 and id = $2 and status = 'pending'`,
      [job.workspace_id, job.delivery_id, clock.now()],
    );
    return { kind: 'skipped', reason: 'endpoint_disabled' };
  }
  if (job.number > MAX_ATTEMPTS) return failInterrupted(deps, job, d);

  const attemptedAt = clock.now();
  const secrets = signingSecrets(deps.box, job.workspace_id, d, attemptedAt);
  const outcome: AttemptOutcome =
    secrets === null
      ? SECRET_UNAVAILABLE
      : await deps.transport.send(buildAttemptRequest(d, secrets, job.number, attemptedAt));
  return recordAttempt(deps, job, claim, d.endpoint_id, d.event_type, attemptedAt, outcome);
}

/**
 * Records attempt `number` and moves the delivery on, in one statement: the attempt row, the delivery's
 * new state (succeeded; pending with the next attempt due; failed after the fifth; a cancelled one stays
 * cancelled) and, on success, the endpoint's reset (written at most once a second per endpoint so a busy
 * endpoint's row does not serialise its attempts), and the attempt job's completion when the worker says
 * which job it holds: one commit (one WAL flush) per successful attempt. Nothing is recorded when the
 * attempt already is.
 */
const RECORD_ATTEMPT = /* sql */ `
  with old as (
    select status from webhook_deliveries where workspace_id = $1 and id = $2 and attempt_count < $3 for update
  ),
  delivery as (
    update webhook_deliveries d set
      status = case when $7::boolean then 'succeeded'
                    when old.status = 'pending' and $3 >= ${MAX_ATTEMPTS} then 'failed'
                    else old.status end,
      attempt_count = $3,
      next_attempt_at = case when old.status = 'pending' and not $7::boolean then $11::timestamptz end,
      last_status_code = $6, last_error = $9, updated_at = $10,
      completed_at = case when $7::boolean or old.status <> 'pending' or $3 >= ${MAX_ATTEMPTS}
                          then coalesce(d.completed_at, $10) end
    from old where d.workspace_id = $1 and d.id = $2
    returning old.status as previous_status, d.status
  ),
  attempt as (
    insert into webhook_attempts (workspace_id, delivery_id, number, attempted_at, duration_ms, status_code,
      succeeded, error_code, error)
    select $1, $2, $3, $4, $5, $6, $7, $8, $9 from delivery
  ),
  endpoint as (
    update webhook_endpoints set consecutive_failures = 0, last_success_at = $10, updated_at = $10
    where workspace_id = $1 and id = $12 and $7::boolean and exists (select 1 from delivery)
      and (consecutive_failures > 0 or last_success_at is null or last_success_at <= $10::timestamptz - interval '1 second')
  ),
  job as (${completeJobStatement('$13', '$14', '$10')})
  select previous_status, status from delivery`;

async function recordAttempt(
  deps: AttemptDeps,
  job: AttemptRequest,
  claim: { jobId: string; workerId: string } | null,
  endpointId: string,
  eventType: string,
  attemptedAt: Date,
  outcome: AttemptOutcome,
): Promise<AttemptResult> {
  const error = outcome.ok ? null : outcome.error;
  const next = outcome.ok ? null : nextAttemptAt(job.number, attemptedAt);
  const record = (db: Sql) =>
    db.query<{ previous_status: string; status: DeliveryState }>(RECORD_ATTEMPT, [
      job.workspace_id,
      job.delivery_id,
      job.number,
      attemptedAt,
      Math.max(0, Math.round(outcome.durationMs)),
      outcome.statusCode,
      outcome.ok,
      outcome.ok ? null : outcome.errorCode,
      error,
      deps.clock.now(),
      next,
      endpointId,
      claim?.jobId ?? null,
      claim?.workerId ?? null,
    ]);
  const attempted = (status: DeliveryState, disabledReason: string | null = null): AttemptResult => ({
    kind: 'attempted',
    endpointId,
    eventType,
    outcome,
    deliveryStatus: status,
    nextAttemptAt: status === 'pending' ? next : null,
    disabledReason,
  });

  // A success needs nothing else: one statement, no transaction.
  if (outcome.ok) {
    const [row] = await record(deps.db);
    return row ? attempted(row.status) : { kind: 'skipped', reason: 'already_attempted' };
  }
  // A failure schedules the next attempt or counts toward auto-disable, atomically with the record.
  return deps.db.tx(async (tx) => {
    const now = deps.clock.now();
    const [row] = await record(tx);
    if (!row) return { kind: 'skipped', reason: 'already_attempted' } as const;
    if (row.status === 'pending') {
      await enqueueJob(
        tx,
        attemptJob({
          workspaceId: job.workspace_id,
          deliveryId: job.delivery_id,
          endpointId,
          number: job.number + 1,
          runAt: next!,
        }),
        now,
      );
      return attempted(row.status);
    }
    if (row.status !== 'failed' || row.previous_status !== 'pending') return attempted(row.status);
    const reason = error ?? 'Delivery failed.';
    return attempted(row.status, await countFailedDelivery(tx, job.workspace_id, endpointId, reason, now));
  });
}

/**
 * A delivery failed: the endpoint's count of consecutive failed deliveries goes up, and the tenth
 * disables it. Returns the reason when this disabled it.
 */
async function countFailedDelivery(
  tx: Sql,
  workspaceId: string,
  endpointId: string,
  reason: string,
  now: Date,
): Promise<string | null> {
  const [endpoint] = await tx.query<{ consecutive_failures: number }>(
    `update webhook_endpoints set consecutive_failures = consecutive_failures + 1, updated_at = $3
     where workspace_id = $1 and id = $2 returning consecutive_failures`,
    [workspaceId, endpointId, now],
  );
  if (!endpoint || endpoint.consecutive_failures < AUTO_DISABLE_AFTER) return null;
  const disabled = await disableEndpoint(tx, { workspaceId, endpointId, reason, now });
  return disabled ? reason : null;
}

/**
 * The fifth attempt's worker was killed before it recorded anything: that attempt may have reached
 * the receiver, so none is left. The delivery fails (all five counted) and counts toward auto-disable.
 */
async function failInterrupted(
  deps: AttemptDeps,
  job: AttemptRequest,
  d: DeliveryToSend,
): Promise<AttemptResult> {
  return deps.db.tx(async (tx) => {
    const now = deps.clock.now();
    const failed = await tx.query(
      `update webhook_deliveries set status = 'failed', attempt_count = ${MAX_ATTEMPTS}, next_attempt_at = null,
         last_status_code = null, last_error = $3, completed_at = $4, updated_at = $4
       where workspace_id = $1 and id = $2 and status = 'pending' returning id`,
      [job.workspace_id, job.delivery_id, LAST_ATTEMPT_INTERRUPTED, now],
    );
    if (failed.length === 0) return { kind: 'skipped', reason: 'not_pending' } as const;
    const disabledReason = await countFailedDelivery(
      tx,
      job.workspace_id,
      d.endpoint_id,
      LAST_ATTEMPT_INTERRUPTED,
      now,
    );
    return { kind: 'exhausted', endpointId: d.endpoint_id, eventType: d.event_type, disabledReason } as const;
  });
}
