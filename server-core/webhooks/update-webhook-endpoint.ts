import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { assertDescription, assertEvents, assertWebhookUrl, type WebhookUrlPolicy } from './endpoint-input';
import { findEndpoint, type WebhookEndpoint, writeSubscriptions } from './endpoint-record';
import { disableEndpoint, enableEndpoint } from './endpoint-state';

export interface UpdateWebhookEndpointInput {
  url?: string;
  description?: string | null;
  events?: readonly string[];
  status?: 'enabled' | 'disabled';
}

export const DISABLED_BY_MEMBER = 'Disabled by a workspace member.';

/**
 * PATCH semantics: omitted fields are left alone; url and events pass the same checks as at
 * creation. `status: enabled` re-enables a disabled endpoint and clears its failure counter;
 * `status: disabled` stops deliveries. Returns the endpoint and which fields changed (for the audit).
 */
export async function updateWebhookEndpoint(
  ctx: Ctx,
  deps: { policy: WebhookUrlPolicy },
  endpointId: string,
  input: UpdateWebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpoint; changed: string[] }> {
  const url = input.url === undefined ? undefined : assertWebhookUrl(input.url, deps.policy);
  const description = input.description === undefined ? undefined : assertDescription(input.description);
  const events = input.events === undefined ? undefined : assertEvents(input.events);
  const now = ctx.clock.now();
  return ctx.db.tx(async (tx) => {
    const locked = await tx.query<{ url: string; description: string | null }>(
      'select url, description from webhook_endpoints where workspace_id = $1 and id = $2 for update',
      [ctx.workspaceId, endpointId],
    );
    const current = locked[0];
    if (!current) throw notFound('webhook endpoint');
    const changed: string[] = [];
    if (
      (url !== undefined && url !== current.url) ||
      (description !== undefined && description !== current.description)
    ) {
      await tx.query(
        `update webhook_endpoints set url = coalesce($3, url), description = case when $4::boolean then $5 else description end,
           updated_at = $6 where workspace_id = $1 and id = $2`,
        [ctx.workspaceId, endpointId, url ?? null, description !== undefined, description ?? null, now],
      );
      if (url !== undefined && url !== current.url) changed.push('url');
      if (description !== undefined && description !== current.description) changed.push('description');
    }
    if (events !== undefined) {
      await writeSubscriptions(tx, ctx.workspaceId, endpointId, events);
      changed.push('events');
    }
    const ids = { workspaceId: ctx.workspaceId, endpointId, now };
    if (input.status === 'enabled' && (await enableEndpoint(tx, ids))) changed.push('status');
    if (input.status === 'disabled' && (await disableEndpoint(tx, { ...ids, reason: DISABLED_BY_MEMBER })))
      changed.push('status');
    return { endpoint: (await findEndpoint(tx, ctx.workspaceId, endpointId))!, changed };
  });
}
