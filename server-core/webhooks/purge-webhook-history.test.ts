import { expect, it } from 'vitest';
import { runHousekeeping } from '../jobs/housekeeping';
import { DAY, HOUR, manualClock } from '../lib/clock';
import { newId } from '../lib/ulid';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { DELIVERIES_KEPT_MS, DISPATCHED_OUTBOX_KEPT_MS, purgeWebhookHistory } from './purge-webhook-history';

describeDb('purgeWebhookHistory', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const now = manualClock('2026-11-01T00:00:00.000Z').now();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ws = await makeWorkspace(db, ago(90 * DAY));
    const endpointId = newId();
    await db.query(
      `insert into webhook_endpoints (workspace_id, id, url, status, payload_version, secret_sealed,
         enabled_since, created_at, updated_at)
       values ($1, $2, 'https://hooks.example.com/x', 'enabled', '2026-11-01', 'sealed', $3, $3, $3)`,
      [ws.id, endpointId, ago(90 * DAY)],
    );
    /** A delivery with one attempt; completed `completedAgo` ago (null: still pending). */
    const delivery = async (name: string, status: string, completedAgo: number | null) => {
      const id = `${name}-${newId()}`;
      const created = ago(80 * DAY);
      await db.query(
        `insert into webhook_deliveries (workspace_id, id, endpoint_id, event_id, event_type, delivery_key,
           payload_version, body, status, attempt_count, created_at, updated_at, completed_at)
         values ($1, $2, $3, $2, 'contact.created', $2, '2026-11-01', '{}', $4, 1, $5, $5, $6)`,
        [ws.id, id, endpointId, status, created, completedAgo === null ? null : ago(completedAgo)],
      );
      await db.query(
        `insert into webhook_attempts (workspace_id, delivery_id, number, attempted_at, duration_ms, succeeded)
         values ($1, $2, 1, $3, 5, $4)`,
        [ws.id, id, created, status === 'succeeded'],
      );
      return id;
    };
    const event = async (name: string, dispatchedAgo: number | null) => {
      const id = `${name}-${newId()}`;
      await db.query(
        `insert into outbox (workspace_id, id, type, data, created_at, dispatched_at)
         values ($1, $2, 'contact.created', '{}', $3, $4)`,
        [ws.id, id, ago(60 * DAY), dispatchedAgo === null ? null : ago(dispatchedAgo)],
      );
      return id;
    };
    const ids = async (table: 'webhook_deliveries' | 'outbox') =>
      (await db.query<{ id: string }>(`select id from ${table} where workspace_id = $1`, [ws.id]))
        .map((r) => r.id.split('-')[0])
        .sort();
    return { db, now, ws, delivery, event, ids };
  };

  it('deletes finished deliveries (with their attempts) and dispatched events past retention, in batches', async () => {
    const { db, now, ws, delivery, event, ids } = await setup();
    for (let i = 0; i < 5; i++) await delivery('oldok', 'succeeded', DELIVERIES_KEPT_MS + DAY);
    await delivery('oldfailed', 'failed', DELIVERIES_KEPT_MS + HOUR);
    await delivery('oldcancelled', 'cancelled', DELIVERIES_KEPT_MS + HOUR);
    await delivery('recent', 'succeeded', DELIVERIES_KEPT_MS - HOUR);
    await delivery('pending', 'pending', null);
    for (let i = 0; i < 3; i++) await event('olddispatched', DISPATCHED_OUTBOX_KEPT_MS + HOUR);
    await event('recentdispatched', DISPATCHED_OUTBOX_KEPT_MS - HOUR);
    await event('undispatched', null);

    // Batches of 2: seven old deliveries take four statements, three old events two.
    expect(await purgeWebhookHistory(db, now, 2)).toEqual({ webhook_deliveries: 7, outbox: 3 });
    expect(await ids('webhook_deliveries')).toEqual(['pending', 'recent']);
    expect(await ids('outbox')).toEqual(['recentdispatched', 'undispatched']);
    const attempts = await db.query<{ delivery_id: string }>(
      'select delivery_id from webhook_attempts where workspace_id = $1',
      [ws.id],
    );
    expect(attempts.map((a) => a.delivery_id.split('-')[0]).sort()).toEqual(['pending', 'recent']);
    // Nothing left to do: a second run deletes nothing.
    expect(await purgeWebhookHistory(db, now, 2)).toEqual({ webhook_deliveries: 0, outbox: 0 });
  });

  it('runs as part of housekeeping', async () => {
    const { db, now, delivery, event, ids } = await setup();
    await delivery('old', 'succeeded', DELIVERIES_KEPT_MS + DAY);
    await event('old', DISPATCHED_OUTBOX_KEPT_MS + DAY);
    const removed = await runHousekeeping(db, now);
    expect(removed.webhook_deliveries).toBeGreaterThanOrEqual(1);
    expect(removed.outbox).toBeGreaterThanOrEqual(1);
    expect(await ids('webhook_deliveries')).toEqual([]);
    expect(await ids('outbox')).toEqual([]);
  });
});
