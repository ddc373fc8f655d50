import type { Ctx } from '../context';
import { newId } from '../lib/ulid';

/**
 * Appends to the workspace audit log. `data` must never hold a secret: callers pass ids and
 * non-sensitive facts only (tests assert this for each audited action that touches a secret).
 */
export async function recordAudit(
  ctx: Ctx,
  entry: { action: string; targetType?: string; targetId?: string; data?: Record<string, unknown> },
): Promise<void> {
  await ctx.db.query(
    `insert into audit_log (workspace_id, id, actor_type, actor_id, action, target_type, target_id, data, ip, request_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)`,
    [
      ctx.workspaceId,
      newId(ctx.clock.now()),
      ctx.actor.type,
      ctx.actor.id,
      entry.action,
      entry.targetType ?? null,
      entry.targetId ?? null,
      JSON.stringify(entry.data ?? {}),
      ctx.ip ?? null,
      ctx.requestId ?? null,
      ctx.clock.now(),
    ],
  );
}
