import type { Sql } from '../db/db';

/** An endpoint as the API shows it (never the secret). */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  status: 'enabled' | 'disabled';
  payload_version: string;
  consecutive_failures: number;
  disabled_at: Date | null;
  disabled_reason: string | null;
  last_success_at: Date | null;
  created_at: Date;
}

/** Columns of `webhook_endpoints e` with its subscribed events, sorted. */
export const ENDPOINT_COLUMNS = `e.id, e.url, e.description, e.status, e.payload_version, e.consecutive_failures,
  e.disabled_at, e.disabled_reason, e.last_success_at, e.created_at,
  coalesce((select array_agg(s.event_type order by s.event_type) from webhook_subscriptions s
            where s.workspace_id = e.workspace_id and s.endpoint_id = e.id), '{}'::text[]) as events`;

export async function findEndpoint(
  db: Sql,
  workspaceId: string,
  endpointId: string,
): Promise<WebhookEndpoint | null> {
  const rows = await db.query<WebhookEndpoint>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints e where e.workspace_id = $1 and e.id = $2`,
    [workspaceId, endpointId],
  );
  return rows[0] ?? null;
}

/** Replaces the subscriptions of an endpoint with `events`. */
export async function writeSubscriptions(
  db: Sql,
  workspaceId: string,
  endpointId: string,
  events: readonly string[],
): Promise<void> {
  await db.query('delete from webhook_subscriptions where workspace_id = $1 and endpoint_id = $2', [
    workspaceId,
    endpointId,
  ]);
  await db.query(
    `insert into webhook_subscriptions (workspace_id, endpoint_id, event_type)
     select $1, $2, unnest($3::text[])`,
    [workspaceId, endpointId, events],
  );
}
