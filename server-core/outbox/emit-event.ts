import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import type { EventType } from '../webhooks/catalog';

export const OUTBOX_CHANNEL = 'outbox';

/**
 * Scalar facts, and lists of ids (guide.drifted's step_ids): the allowlist of each event is enforced by its
 * emitter's typed data.
 */
export type EventData = Record<string, string | number | boolean | null | readonly string[]>;

/**
 * Records an event for webhook delivery. Call it with the transaction of the change it announces:
 * the event exists exactly when the change committed. Returns the event id.
 */
export async function emitEvent(ctx: Ctx, type: EventType, data: EventData): Promise<string> {
  const now = ctx.clock.now();
  const id = newId(now);
  await ctx.db.query(
    'insert into outbox (workspace_id, id, type, data, created_at) values ($1, $2, $3, $4::jsonb, $5)',
    [ctx.workspaceId, id, type, JSON.stringify(data), now],
  );
  await ctx.db.notify(OUTBOX_CHANNEL, ctx.workspaceId);
  return id;
}
