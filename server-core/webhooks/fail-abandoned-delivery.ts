import type { Sql } from '../db/db';

/** The delivery's last_error when its attempt job gave up on database errors. */
export const ATTEMPTS_NOT_RECORDED =
  'The attempt could not be recorded (database errors) and its job exhausted its retries; the delivery was given up.';

/**
 * A delivery whose attempt job exhausted the job table's own retries (the database failed on every
 * run) ends failed instead of staying pending with no job left to move it. Its receiver was not at
 * fault, so the endpoint's count of consecutive failures is left alone. Returns whether it failed it
 * (false when the delivery had moved on meanwhile).
 */
export async function failAbandonedDelivery(
  db: Sql,
  input: { workspaceId: string; deliveryId: string; now: Date },
): Promise<boolean> {
  const rows = await db.query(
    `update webhook_deliveries set status = 'failed', next_attempt_at = null, last_error = $3,
       completed_at = $4, updated_at = $4
     where workspace_id = $1 and id = $2 and status = 'pending' returning id`,
    [input.workspaceId, input.deliveryId, ATTEMPTS_NOT_RECORDED, input.now],
  );
  return rows.length > 0;
}
