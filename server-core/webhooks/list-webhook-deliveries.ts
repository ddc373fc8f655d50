import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { DELIVERY_COLUMNS, type DeliveryStatus, type WebhookDelivery, withAttempts } from './delivery-record';

/** The delivery log of one endpoint, newest first, each with its attempts. not_found for another workspace's endpoint. */
export async function listWebhookDeliveries(
  ctx: Ctx,
  endpointId: string,
  page: { limit: number; beforeId: string | null; status?: DeliveryStatus },
): Promise<WebhookDelivery[]> {
  const endpoint = await ctx.db.query('select 1 from webhook_endpoints where workspace_id = $1 and id = $2', [
    ctx.workspaceId,
    endpointId,
  ]);
  if (endpoint.length === 0) throw notFound('webhook endpoint');
  const rows = await ctx.db.query<Omit<WebhookDelivery, 'attempts'>>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries
     where workspace_id = $1 and endpoint_id = $2 and ($3::text is null or id < $3) and ($4::text is null or status = $4)
     order by id desc limit $5`,
    [ctx.workspaceId, endpointId, page.beforeId, page.status ?? null, page.limit + 1],
  );
  return withAttempts(ctx.db, ctx.workspaceId, rows);
}
