import type { Sql } from '../db/db';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookAttempt {
  number: number;
  attempted_at: Date;
  duration_ms: number;
  status_code: number | null;
  succeeded: boolean;
  error_code: string | null;
  error: string | null;
}

/** A delivery as the delivery log shows it (the body is not listed: it is the event, fetchable elsewhere). */
export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  delivery_key: string;
  payload_version: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
  redelivery_of: string | null;
  created_at: Date;
  completed_at: Date | null;
  attempts: WebhookAttempt[];
}

export const DELIVERY_COLUMNS = `id, endpoint_id, event_id, event_type, delivery_key, payload_version, status,
  attempt_count, next_attempt_at, redelivery_of, created_at, completed_at`;

/** Adds each delivery's attempts (oldest first), with one query for the whole page. */
export async function withAttempts(
  db: Sql,
  workspaceId: string,
  deliveries: Omit<WebhookDelivery, 'attempts'>[],
): Promise<WebhookDelivery[]> {
  if (deliveries.length === 0) return [];
  const attempts = await db.query<WebhookAttempt & { delivery_id: string }>(
    `select delivery_id, number, attempted_at, duration_ms, status_code, succeeded, error_code, error
     from webhook_attempts where workspace_id = $1 and delivery_id = any($2::text[]) order by delivery_id, number`,
    [workspaceId, deliveries.map((d) => d.id)],
  );
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const { delivery_id, ...a } of attempts) {
    const list = byDelivery.get(delivery_id) ?? [];
    list.push(a);
    byDelivery.set(delivery_id, list);
  }
  return deliveries.map((d) => ({ ...d, attempts: byDelivery.get(d.id) ?? [] }));
}
