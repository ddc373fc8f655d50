import type { Ctx } from '../context';
import { emitEvent } from '../outbox/emit-event';

export type DriftTransition = 'drifted' | 'drift_cleared' | null;

/**
 * Brings the guide's state in line with its steps' (run in the reporting transaction, under the guide's
 * lock): drifted while any step is drifted. Only a change announces anything: not drifted -> drifted emits
 * guide.drifted with the drifted step ids (in step order); drifted -> no drifted step emits
 * guide.drift_cleared. Anything else (another step drifting, a repeat) changes and sends nothing.
 */
export async function settleGuideDrift(ctx: Ctx, guideId: string, now: Date): Promise<DriftTransition> {
  const drifted = await ctx.db.query<{ step_id: string }>(
    `select d.step_id from guide_step_drift d
     join guide_steps s on s.workspace_id = d.workspace_id and s.id = d.step_id
     where d.workspace_id = $1 and d.guide_id = $2 and d.drifted_at is not null
     order by s.seq`,
    [ctx.workspaceId, guideId],
  );
  await ctx.db.query(
    `insert into guide_drift (workspace_id, guide_id, drifted_at, updated_at) values ($1, $2, null, $3)
     on conflict (workspace_id, guide_id) do nothing`,
    [ctx.workspaceId, guideId, now],
  );
  const [guide] = await ctx.db.query<{ drifted_at: Date | null }>(
    'select drifted_at from guide_drift where workspace_id = $1 and guide_id = $2',
    [ctx.workspaceId, guideId],
  );
  const wasDrifted = guide!.drifted_at !== null;
  const isDrifted = drifted.length > 0;
  if (wasDrifted === isDrifted) return null;
  await ctx.db.query(
    'update guide_drift set drifted_at = $3, updated_at = $4 where workspace_id = $1 and guide_id = $2',
    [ctx.workspaceId, guideId, isDrifted ? now : null, now],
  );
  if (isDrifted) {
    await emitEvent(ctx, 'guide.drifted', {
      guide_id: guideId,
      step_ids: drifted.map((d) => d.step_id),
      drifted_at: now.toISOString(),
    });
    return 'drifted';
  }
  await emitEvent(ctx, 'guide.drift_cleared', { guide_id: guideId, cleared_at: now.toISOString() });
  return 'drift_cleared';
}
