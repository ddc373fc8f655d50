import type { Sql } from '../db/db';

/**
 * Disables an endpoint (automatically after 10 exhausted deliveries, or by a member) and cancels
 * its pending deliveries: nothing is delivered while it is disabled, and re-enabling does not bring
 * them back. Returns false when it was already disabled.
 */
export async function disableEndpoint(
  db: Sql,
  input: { workspaceId: string; endpointId: string; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update webhook_endpoints set status = 'disabled', disabled_at = $3, disabled_reason = $4, updated_at = $3
     where workspace_id = $1 and id = $2 and status = 'enabled' returning id`,
    [input.workspaceId, input.endpointId, input.now, input.reason.slice(0, 500)],
  );
  if (rows.length === 0) return false;
  await db.query(
    `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, completed_at = $3, updated_at = $3,
       last_error = coalesce(last_error, 'The endpoint was disabled before this delivery was attempted.')
     where workspace_id = $1 and endpoint_id = $2 and status = 'pending'`,
    [input.workspaceId, input.endpointId, input.now],
  );
  return true;
}

/** Re-enables a disabled endpoint: the failure counter is cleared and only events from now on are sent. */
export async function enableEndpoint(
  db: Sql,
  input: { workspaceId: string; endpointId: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update webhook_endpoints set status = 'enabled', consecutive_failures = 0, disabled_at = null,
       disabled_reason = null, enabled_since = $3, updated_at = $3
     where workspace_id = $1 and id = $2 and status = 'disabled' returning id`,
    [input.workspaceId, input.endpointId, input.now],
  );
  return rows.length > 0;
}
