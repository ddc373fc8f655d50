import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { enqueueJob } from '../jobs/jobs';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { attemptJob } from './attempt-job';
import { PING_EVENT_TYPE } from './catalog';
import { DELIVERY_COLUMNS, type WebhookDelivery, withAttempts } from './delivery-record';
import { renderPingEnvelope } from './envelope';

/**
 * Sends the test event (`webhook.ping`) to one endpoint, whatever it subscribes to: a delivery like any
 * other (stored bytes, signed at each attempt, five attempts on the retry schedule, in the delivery log)
 * whose first attempt is due now. The event is made here, not taken from the outbox, so no other endpoint
 * can receive it. not_found for an endpoint of another workspace; endpoint_disabled while it is disabled
 * (as redelivery). Audited as webhook_endpoint.test_event_sent.
 */
export async function sendWebhookTestEvent(ctx: Ctx, endpointId: string): Promise<WebhookDelivery> {
  return ctx.db.tx(async (tx) => {
    // FOR SHARE: a concurrent disable waits for this commit, then cancels the new delivery with the others.
    const [endpoint] = await tx.query<{ status: string; payload_version: string }>(
      'select status, payload_version from webhook_endpoints where workspace_id = $1 and id = $2 for share',
      [ctx.workspaceId, endpointId],
    );
    if (!endpoint) throw notFound('webhook endpoint');
    if (endpoint.status !== 'enabled')
      throw new DomainError('endpoint_disabled', { endpoint_id: endpointId });
    const now = ctx.clock.now();
    const id = newId(now);
    const body = renderPingEnvelope({
      deliveryKey: id,
      workspaceId: ctx.workspaceId,
      endpointId,
      payloadVersion: endpoint.payload_version,
      sentBy: ctx.actor,
      at: now,
    });
    const [created] = await tx.query<Omit<WebhookDelivery, 'attempts'>>(
      `insert into webhook_deliveries (workspace_id, id, endpoint_id, event_id, event_type, delivery_key,
         payload_version, body, status, next_attempt_at, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $2, $6, $7, 'pending', $8, $8, $8)
       returning ${DELIVERY_COLUMNS}`,
      [ctx.workspaceId, id, endpointId, newId(now), PING_EVENT_TYPE, endpoint.payload_version, body, now],
    );
    await enqueueJob(
      tx,
      attemptJob({ workspaceId: ctx.workspaceId, deliveryId: id, endpointId, number: 1, runAt: now }),
      now,
    );
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'webhook_endpoint.test_event_sent',
        targetType: 'webhook_endpoint',
        targetId: endpointId,
        data: { delivery_id: id },
      },
    );
    return (await withAttempts(tx, ctx.workspaceId, [created!]))[0]!;
  });
}
