import type { Ctx } from '../context';
import { enqueueJob } from '../jobs/jobs';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { attemptJob } from './attempt-job';
import { DELIVERY_COLUMNS, type WebhookDelivery, withAttempts } from './delivery-record';

/**
 * A new delivery with the original's exact bytes and Idempotency-Key (each attempt is signed afresh);
 * the original keeps its status and attempts. endpoint_disabled while the endpoint is disabled,
 * delivery_in_progress while the original still has attempts to come.
 */
export async function redeliverWebhookDelivery(ctx: Ctx, deliveryId: string): Promise<WebhookDelivery> {
  return ctx.db.tx(async (tx) => {
    const [original] = await tx.query<{ status: string; endpoint_id: string; endpoint_status: string }>(
      `select d.status, d.endpoint_id, e.status as endpoint_status
       from webhook_deliveries d join webhook_endpoints e on e.workspace_id = d.workspace_id and e.id = d.endpoint_id
       where d.workspace_id = $1 and d.id = $2 for update of d`,
      [ctx.workspaceId, deliveryId],
    );
    if (!original) throw notFound('webhook delivery');
    if (original.endpoint_status !== 'enabled')
      throw new DomainError('endpoint_disabled', { endpoint_id: original.endpoint_id });
    if (original.status === 'pending')
      throw new DomainError('delivery_in_progress', { delivery_id: deliveryId });
    const now = ctx.clock.now();
    const id = newId(now);
    const [created] = await tx.query<Omit<WebhookDelivery, 'attempts'>>(
      `insert into webhook_deliveries (workspace_id, id, endpoint_id, event_id, event_type, delivery_key,
         payload_version, body, status, next_attempt_at, redelivery_of, created_at, updated_at)
       select workspace_id, $3, endpoint_id, event_id, event_type, delivery_key, payload_version, body, 'pending',
         $4, id, $4, $4
       from webhook_deliveries where workspace_id = $1 and id = $2
       returning ${DELIVERY_COLUMNS}`,
      [ctx.workspaceId, deliveryId, id, now],
    );
    await enqueueJob(
      tx,
      attemptJob({
        workspaceId: ctx.workspaceId,
        deliveryId: id,
        endpointId: original.endpoint_id,
        number: 1,
        runAt: now,
      }),
      now,
    );
    return (await withAttempts(tx, ctx.workspaceId, [created!]))[0]!;
  });
}
