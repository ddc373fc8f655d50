import type { Sql } from '../db/db';

/** What an attempt needs to send a delivery: its bytes and state, and its endpoint's URL, status and secret. */
export interface DeliveryToSend {
  workspace_id: string;
  id: string;
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
  /** The secret a rotation replaced and the end of its overlap window (both null outside one). */
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
}

export type DeliveryLoader = (workspaceId: string, deliveryId: string) => Promise<DeliveryToSend | null>;

const LOAD = `select d.workspace_id, d.id, d.status, d.attempt_count, d.endpoint_id, d.event_type, d.delivery_key,
    d.payload_version, d.body, e.url, e.status as endpoint_status, e.secret_sealed,
    e.previous_secret_sealed, e.previous_secret_expires_at
  from unnest($1::text[], $2::text[]) as k(workspace_id, id)
  join webhook_deliveries d on d.workspace_id = k.workspace_id and d.id = k.id
  join webhook_endpoints e on e.workspace_id = d.workspace_id and e.id = d.endpoint_id`;

/**
 * Loads deliveries for attempts, coalescing the loads asked for in the same tick into one query: a
 * worker starts a claimed batch of attempts together, and they share one round trip.
 */
export function createDeliveryLoader(db: Sql): DeliveryLoader {
  let batch: { key: string; resolve(d: DeliveryToSend | null): void; reject(e: unknown): void }[] = [];
  const flush = async () => {
    const taken = batch;
    batch = [];
    try {
      const keys = taken.map((t) => t.key.split(':') as [string, string]);
      const rows = await db.query<DeliveryToSend>(LOAD, [keys.map((k) => k[0]), keys.map((k) => k[1])]);
      const byKey = new Map(rows.map((r) => [`${r.workspace_id}:${r.id}`, r]));
      for (const t of taken) t.resolve(byKey.get(t.key) ?? null);
    } catch (err) {
      for (const t of taken) t.reject(err);
    }
  };
  return (workspaceId, deliveryId) =>
    new Promise((resolve, reject) => {
      batch.push({ key: `${workspaceId}:${deliveryId}`, resolve, reject });
      if (batch.length === 1) queueMicrotask(() => void flush());
    });
}
