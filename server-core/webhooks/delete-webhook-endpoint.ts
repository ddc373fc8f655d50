import type { Ctx } from '../context';
import { notFound } from '../lib/errors';

/** Deletes an endpoint; subscriptions, deliveries and attempts go with it (foreign keys cascade). */
export async function deleteWebhookEndpoint(ctx: Ctx, endpointId: string): Promise<{ url: string }> {
  const rows = await ctx.db.query<{ url: string }>(
    'delete from webhook_endpoints where workspace_id = $1 and id = $2 returning url',
    [ctx.workspaceId, endpointId],
  );
  if (!rows[0]) throw notFound('webhook');
  return rows[0];
}
