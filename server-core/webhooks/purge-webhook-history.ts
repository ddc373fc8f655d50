import type { Sql } from '../db/db';
import { DAY } from '../lib/clock';

/** Finished deliveries (succeeded, failed, cancelled) and their attempts are kept 30 days after they finished. */
export const DELIVERIES_KEPT_MS = 30 * DAY;
/** Dispatched outbox rows are kept 7 days (nothing reads them once their deliveries exist). */
export const DISPATCHED_OUTBOX_KEPT_MS = 7 * DAY;
/** Rows one purge statement deletes: each batch is its own short statement, so no lock is held long. */
export const PURGE_BATCH = 1000;

/**
 * Deletes in batches of `batch` rows, each its own statement (its own commit outside a transaction),
 * until a batch comes back short. Returns the rows deleted.
 */
async function inBatches(db: Sql, sql: string, params: unknown[], batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query(sql, [...params, batch]);
    total += rows.length;
    if (rows.length < batch) return total;
  }
}

/**
 * Housekeeping of the webhook tables (issue 22): deliveries finished more than DELIVERIES_KEPT_MS ago
 * (their attempts go with them, by the foreign key's cascade) and outbox rows dispatched more than
 * DISPATCHED_OUTBOX_KEPT_MS ago. A pending delivery or an undispatched event is never touched. Batches
 * walk the partial indexes of migration 023 and skip rows another transaction holds (SKIP LOCKED), so a
 * purge never waits on, nor blocks, a running attempt for longer than one batch.
 */
export async function purgeWebhookHistory(
  db: Sql,
  now: Date,
  batch = PURGE_BATCH,
): Promise<{ webhook_deliveries: number; outbox: number }> {
  const deliveriesBefore = new Date(now.getTime() - DELIVERIES_KEPT_MS);
  const outboxBefore = new Date(now.getTime() - DISPATCHED_OUTBOX_KEPT_MS);
  const webhook_deliveries = await inBatches(
    db,
    `delete from webhook_deliveries where (workspace_id, id) in (
       select workspace_id, id from webhook_deliveries
       where completed_at is not null and completed_at < $1 and status <> 'pending'
       limit $2 for update skip locked)
     returning id`,
    [deliveriesBefore],
    batch,
  );
  const outbox = await inBatches(
    db,
    `delete from outbox where (workspace_id, id) in (
       select workspace_id, id from outbox
       where dispatched_at is not null and dispatched_at < $1
       limit $2 for update skip locked)
     returning id`,
    [outboxBefore],
    batch,
  );
  return { webhook_deliveries, outbox };
}
