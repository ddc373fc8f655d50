import type { Sql } from '../db/db';
import { enqueueJobs } from '../jobs/jobs';
import { newId } from '../lib/ulid';
import { attemptJob } from './attempt-job';
import { type OutboxEvent, renderEnvelope } from './envelope';

export interface DispatchResult {
  events: number;
  deliveries: number;
  /** Allowlist violations found in emitted data (field names only, never values). */
  dropped: { event_id: string; type: string; fields: string[] }[];
}

interface Target {
  event_id: string;
  workspace_id: string;
  endpoint_id: string;
  payload_version: string;
}

/**
 * Turns undispatched outbox rows into deliveries for every enabled endpoint subscribed to them, and
 * schedules each delivery's first attempt. Any number of workers may call it at once: the outbox
 * rows are taken with FOR UPDATE SKIP LOCKED and marked in the same transaction, and the unique key
 * (workspace, endpoint, event) makes a second delivery for the same pair impossible.
 * Endpoints only receive events that occurred while they were enabled (no backfill).
 */
export async function dispatchEvents(db: Sql, now: Date, limit = 200): Promise<DispatchResult> {
  return db.tx(async (tx) => {
    const events = await tx.query<OutboxEvent>(
      `select workspace_id, id, type, data, created_at from outbox where dispatched_at is null
       order by created_at limit $1 for update skip locked`,
      [limit],
    );
    const result: DispatchResult = { events: events.length, deliveries: 0, dropped: [] };
    if (events.length === 0) return result;
    const keys = [events.map((e) => e.workspace_id), events.map((e) => e.id)];

    const targets = await tx.query<Target>(
      `select o.id as event_id, o.workspace_id, e.id as endpoint_id, e.payload_version
       from unnest($1::text[], $2::text[]) as k(workspace_id, id)
       join outbox o on o.workspace_id = k.workspace_id and o.id = k.id
       join webhook_subscriptions s on s.workspace_id = o.workspace_id and s.event_type = o.type
       join webhook_endpoints e on e.workspace_id = s.workspace_id and e.id = s.endpoint_id
       where e.status = 'enabled' and e.enabled_since <= o.created_at
       order by o.created_at, o.id, e.id`,
      keys,
    );
    const byId = new Map(events.map((e) => [`${e.workspace_id}:${e.id}`, e]));
    const rows = targets.map((t) => {
      const event = byId.get(`${t.workspace_id}:${t.event_id}`)!;
      const id = newId(now);
      const { body, dropped } = renderEnvelope({ deliveryKey: id, event, payloadVersion: t.payload_version });
      if (dropped.length > 0) result.dropped.push({ event_id: event.id, type: event.type, fields: dropped });
      return { id, target: t, event, body };
    });

    if (rows.length > 0) {
      const inserted = await tx.query<{ workspace_id: string; id: string; endpoint_id: string }>(
        `insert into webhook_deliveries (workspace_id, id, endpoint_id, event_id, event_type, delivery_key,
           payload_version, body, status, next_attempt_at, created_at, updated_at)
         select workspace_id, id, endpoint_id, event_id, event_type, id, payload_version, body, 'pending', $8, $8, $8
         from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           as d(workspace_id, id, endpoint_id, event_id, event_type, payload_version, body)
         on conflict (workspace_id, endpoint_id, event_id) where redelivery_of is null do nothing
         returning workspace_id, id, endpoint_id`,
        [
          rows.map((r) => r.target.workspace_id),
          rows.map((r) => r.id),
          rows.map((r) => r.target.endpoint_id),
          rows.map((r) => r.event.id),
          rows.map((r) => r.event.type),
          rows.map((r) => r.target.payload_version),
          rows.map((r) => r.body),
          now,
        ],
      );
      result.deliveries = inserted.length;
      await enqueueJobs(
        tx,
        inserted.map((d) =>
          attemptJob({
            workspaceId: d.workspace_id,
            deliveryId: d.id,
            endpointId: d.endpoint_id,
            number: 1,
            runAt: now,
          }),
        ),
        now,
      );
    }
    await tx.query(
      `update outbox o set dispatched_at = $3 from unnest($1::text[], $2::text[]) as k(workspace_id, id)
       where o.workspace_id = k.workspace_id and o.id = k.id`,
      [...keys, now],
    );
    return result;
  });
}
