import type { Ctx } from '../context';

/** The ids of the guide's steps that are drifted now (the player reports a find only for these). */
export async function listDriftedSteps(ctx: Ctx, guideId: string): Promise<Set<string>> {
  const rows = await ctx.db.query<{ step_id: string }>(
    `select step_id from guide_step_drift
     where workspace_id = $1 and guide_id = $2 and drifted_at is not null`,
    [ctx.workspaceId, guideId],
  );
  return new Set(rows.map((r) => r.step_id));
}
