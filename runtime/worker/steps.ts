import { JOB_COMPLETED, type Job } from '../../server-core/jobs/jobs';
import { attemptDelivery } from '../../server-core/webhooks/attempt-delivery';
import { attemptJobPayload } from '../../server-core/webhooks/attempt-job';
import { createDeliveryLoader, type DeliveryLoader } from '../../server-core/webhooks/delivery-loader';
import { type DispatchResult, dispatchEvents } from '../../server-core/webhooks/dispatch-events';
import type { WorkerDeps } from './deps';

/** Outbox events to deliveries, until the outbox is drained; logs allowlist violations by field name. */
export async function dispatchWebhookEvents(deps: WorkerDeps): Promise<DispatchResult> {
  const result = await dispatchEvents(deps.db, deps.clock.now());
  for (const d of result.dropped) {
    deps.logger.warn('webhook event data outside the allowlist dropped', {
      event_id: d.event_id,
      event_type: d.type,
      fields: d.fields.join(','),
    });
  }
  if (result.events > 0)
    deps.logger.debug('webhook events dispatched', { events: result.events, deliveries: result.deliveries });
  return result;
}

/** One coalescing loader per database handle, so the attempts a worker starts together share a query. */
const loaders = new WeakMap<object, DeliveryLoader>();
function loaderFor(deps: WorkerDeps): DeliveryLoader {
  let load = loaders.get(deps.db);
  if (!load) {
    load = createDeliveryLoader(deps.db);
    loaders.set(deps.db, load);
  }
  return load;
}

/**
 * The job handler of one webhook attempt. Receiver failures are outcomes, recorded and retried on the
 * webhook schedule; only infrastructure errors (the database) throw and fall back to the job retry.
 * Logged: ids, event type, attempt number, outcome, status code, error code, duration; never the
 * URL (it may carry a token), the body, the secret or the signature.
 */
export async function runWebhookAttempt(
  job: Job,
  deps: WorkerDeps,
): Promise<typeof JOB_COMPLETED | undefined> {
  const payload = attemptJobPayload(job);
  const result = await attemptDelivery(
    {
      db: deps.db,
      clock: deps.clock,
      box: deps.box,
      transport: deps.webhookTransport,
      load: loaderFor(deps),
    },
    payload,
    job.locked_by ? { jobId: job.id, workerId: job.locked_by } : null,
  );
  const ids = {
    workspace_id: payload.workspace_id,
    delivery_id: payload.delivery_id,
    attempt: payload.number,
  };
  if (result.kind === 'skipped') {
    deps.logger.debug('webhook attempt skipped', { ...ids, reason: result.reason });
    return;
  }
  if (result.kind === 'exhausted') {
    deps.logger.info('webhook delivery failed: its last attempt was interrupted', {
      ...ids,
      endpoint_id: result.endpointId,
      event_type: result.eventType,
    });
    warnIfDisabled(deps, payload.workspace_id, result.endpointId, result.disabledReason);
    return;
  }
  const { outcome } = result;
  const fields = {
    ...ids,
    endpoint_id: result.endpointId,
    event_type: result.eventType,
    outcome: outcome.ok ? 'succeeded' : 'failed',
    status_code: outcome.statusCode,
    error_code: outcome.ok ? undefined : outcome.errorCode,
    duration_ms: Math.round(outcome.durationMs),
    // What the tenant's log leaves out (e.g. the private address a name resolved to): the operator's only.
    detail: outcome.ok ? undefined : outcome.detail,
    delivery_status: result.deliveryStatus,
    next_attempt_at: result.nextAttemptAt?.toISOString(),
  };
  if (outcome.ok) deps.logger.debug('webhook attempt', fields);
  else deps.logger.info('webhook attempt', fields);
  warnIfDisabled(deps, payload.workspace_id, result.endpointId, result.disabledReason);
  // The record statement completed the job in the same commit.
  return job.locked_by ? JOB_COMPLETED : undefined;
}

function warnIfDisabled(deps: WorkerDeps, workspaceId: string, endpointId: string, reason: string | null) {
  if (reason === null) return;
  deps.logger.warn('webhook endpoint disabled after consecutive failed deliveries', {
    workspace_id: workspaceId,
    endpoint_id: endpointId,
    reason,
  });
}
