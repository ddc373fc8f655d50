import type { Ctx } from '../context';
import { type SlaTarget, slaTargetsOf } from './sla-targets';

/** getSlaTargets: the workspace's targets for each priority (nulls where none is set). */
export async function getSlaTargets(ctx: Ctx): Promise<SlaTarget[]> {
  const rows = await ctx.db.query<SlaTarget>(
    'select priority, first_response_minutes, resolution_minutes from sla_targets where workspace_id = $1',
    [ctx.workspaceId],
  );
  return slaTargetsOf(rows);
}
