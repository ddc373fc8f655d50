import type { Sql } from '../db/db';
import { enqueueJob } from '../jobs/jobs';
import type { Clock } from '../lib/clock';
import type { SecretBox } from '../lib/secret-box';
import { attemptJob } from './attempt-job';
import { disableEndpoint } from './endpoint-state';
import { AUTO_DISABLE_AFTER, MAX_ATTEMPTS, nextAttemptAt } from './retry-schedule';
import { signatureHeader, signingSecretContext } from './signing';
import type { AttemptOutcome, WebhookTransport } from './transport';

export interface AttemptDeps {
  db: Sql;
  clock: Clock;
  box: SecretBox;
  transport: WebhookTransport;
}

export type AttemptResult =
  | { kind: 'skipped'; reason: 'delivery_gone' | 'not_pending' | 'already_attempted' | 'endpoint_disabled' }
  | {
      kind: 'attempted';
      endpointId: string;
      eventType: string;
      outcome: AttemptOutcome;
      deliveryStatus: 'pending' | 'succeeded' | 'failed' | 'cancelled';
      nextAttemptAt: Date | null;
      /** Set when this attempt's failure disabled the endpoint. */
      disabledReason: string | null;
    };

interface DeliveryToSend {
  status: string;
  attempt_count: number;
  endpoint_id: string;
  event_type: string;
  delivery_key: string;
  payload_version: string;
  body: string;
  url: string;
  endpoint_status: string;
  secret_sealed: string;
}

export const USER_AGENT = 'SupportPlatform-Webhooks/1';

/** The request of one attempt: the stored bytes, signed now, with the headers of spec section 6. */
export function buildAttemptRequest(d: DeliveryToSend, secret: string, number: number, at: Date) {
  return {
    url: d.url,
    body: d.body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
      'Service-Signature': signatureHeader(secret, d.body, at),
      'Idempotency-Key': d.delivery_key,
      'Service-Delivery-Id': d.delivery_key,
      'Service-Event-Type': d.event_type,
      'Service-Attempt': String(number),
      'Service-Payload-Version': d.payload_version,
    },
  };
}

/**
 * Makes attempt `number` of a delivery and records it. A job that runs again (its worker died, its
 * lease ran out) finds the attempt recorded and does nothing, or makes it again when it was never
 * recorded: at least once, never recorded twice.
 */
export async function attemptDelivery(
  deps: AttemptDeps,
  job: { workspace_id: string; delivery_id: string; number: number },
): Promise<AttemptResult> {
  const { db, clock } = deps;
  const [d] = await db.query<DeliveryToSend>(
    `select d.status, d.attempt_count, d.endpoint_id, d.event_type, d.delivery_key, d.payload_version, d.body,
       e.url, e.status as endpoint_status, e.secret_sealed
     from webhook_deliveries d
     join webhook_endpoints e on e.workspace_id = d.workspace_id and e.id = d.endpoint_id
     where d.workspace_id = $1 and d.id = $2`,
    [job.workspace_id, job.delivery_id],
  );
  if (!d) return { kind: 'skipped', reason: 'delivery_gone' };
  if (d.status !== 'pending') return { kind: 'skipped', reason: 'not_pending' };
  if (d.attempt_count >= job.number) return { kind: 'skipped', reason: 'already_attempted' };
  if (d.endpoint_status !== 'enabled') {
    await db.query(
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, completed_at = $3, updated_at = $3
       where workspace_id = $1 and id = $2 and status = 'pending'`,
      [job.workspace_id, job.delivery_id, clock.now()],
    );
    return { kind: 'skipped', reason: 'endpoint_disabled' };
  }

  const attemptedAt = clock.now();
  let outcome: AttemptOutcome;
  let secret: string | null = null;
  try {
    secret = deps.box.open(d.secret_sealed, signingSecretContext(job.workspace_id, d.endpoint_id));
  } catch {
    outcome = {
      ok: false,
      statusCode: null,
      errorCode: 'signing_secret_unavailable',
      error: 'The signing secret could not be opened (was SECRET_KEY changed?).',
      durationMs: 0,
    };
  }
  if (secret !== null) {
    outcome = await deps.transport.send(buildAttemptRequest(d, secret, job.number, attemptedAt));
  }
  return recordAttempt(deps, job, d.endpoint_id, d.event_type, attemptedAt, outcome!);
}

async function recordAttempt(
  deps: AttemptDeps,
  job: { workspace_id: string; delivery_id: string; number: number },
  endpointId: string,
  eventType: string,
  attemptedAt: Date,
  outcome: AttemptOutcome,
): Promise<AttemptResult> {
  return deps.db.tx(async (tx) => {
    const now = deps.clock.now();
    const [locked] = await tx.query<{ status: string; attempt_count: number }>(
      'select status, attempt_count from webhook_deliveries where workspace_id = $1 and id = $2 for update',
      [job.workspace_id, job.delivery_id],
    );
    if (!locked) return { kind: 'skipped', reason: 'delivery_gone' } as const;
    if (locked.attempt_count >= job.number) return { kind: 'skipped', reason: 'already_attempted' } as const;
    const error = outcome.ok ? null : outcome.error;
    await tx.query(
      `insert into webhook_attempts (workspace_id, delivery_id, number, attempted_at, duration_ms, status_code,
         succeeded, error_code, error)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        job.workspace_id,
        job.delivery_id,
        job.number,
        attemptedAt,
        Math.max(0, Math.round(outcome.durationMs)),
        outcome.statusCode,
        outcome.ok,
        outcome.ok ? null : outcome.errorCode,
        error,
      ],
    );

    const stillPending = locked.status === 'pending';
    let status = locked.status as 'pending' | 'succeeded' | 'failed' | 'cancelled';
    let next: Date | null = null;
    let disabledReason: string | null = null;
    if (outcome.ok) {
      status = 'succeeded';
      await tx.query(
        `update webhook_endpoints set consecutive_failures = 0, last_success_at = $3, updated_at = $3
         where workspace_id = $1 and id = $2`,
        [job.workspace_id, endpointId, now],
      );
    } else if (stillPending && job.number < MAX_ATTEMPTS) {
      next = nextAttemptAt(job.number, attemptedAt);
      await enqueueJob(
        tx,
        attemptJob({
          workspaceId: job.workspace_id,
          deliveryId: job.delivery_id,
          number: job.number + 1,
          runAt: next!,
        }),
        now,
      );
    } else if (stillPending) {
      status = 'failed';
      const [endpoint] = await tx.query<{ consecutive_failures: number }>(
        `update webhook_endpoints set consecutive_failures = consecutive_failures + 1, updated_at = $3
         where workspace_id = $1 and id = $2 returning consecutive_failures`,
        [job.workspace_id, endpointId, now],
      );
      if (endpoint && endpoint.consecutive_failures >= AUTO_DISABLE_AFTER) {
        const reason = error ?? 'Delivery failed.';
        const disabled = await disableEndpoint(tx, {
          workspaceId: job.workspace_id,
          endpointId,
          reason,
          now,
        });
        if (disabled) disabledReason = reason;
      }
    }
    await tx.query(
      `update webhook_deliveries set status = $3, attempt_count = $4, next_attempt_at = $5, last_status_code = $6,
         last_error = $7, updated_at = $8, completed_at = case when $3 = 'pending' then null else coalesce(completed_at, $8) end
       where workspace_id = $1 and id = $2`,
      [job.workspace_id, job.delivery_id, status, job.number, next, outcome.statusCode, error, now],
    );
    return {
      kind: 'attempted',
      endpointId,
      eventType,
      outcome,
      deliveryStatus: status,
      nextAttemptAt: next,
      disabledReason,
    } as const;
  });
}
