import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { checkPriority } from './convert-to-ticket';
import { getSlaTargets } from './get-sla-targets';
import { MAX_SLA_MINUTES, type SlaTarget } from './sla-targets';

function checkMinutes(value: number | null, field: string): number | null {
  if (value === null) return null;
  if (!Number.isInteger(value) || value < 1 || value > MAX_SLA_MINUTES) {
    throw new DomainError('validation_failed', { field, rule: 'range', max: MAX_SLA_MINUTES });
  }
  return value;
}

/**
 * putSlaTargets: replaces the workspace's targets (a priority left out has none). Tickets already open are
 * measured against the new targets from their next sweep; a target already breached is not announced again.
 */
export async function putSlaTargets(
  ctx: Ctx,
  targets: readonly {
    priority: string;
    first_response_minutes: number | null;
    resolution_minutes: number | null;
  }[],
): Promise<SlaTarget[]> {
  const seen = new Set<string>();
  const rows = targets.map((t, i) => {
    const priority = checkPriority(t.priority, `targets[${i}].priority`);
    if (seen.has(priority))
      throw new DomainError('validation_failed', { field: `targets[${i}].priority`, rule: 'unique' });
    seen.add(priority);
    return {
      priority,
      first: checkMinutes(t.first_response_minutes, `targets[${i}].first_response_minutes`),
      resolution: checkMinutes(t.resolution_minutes, `targets[${i}].resolution_minutes`),
    };
  });
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    await db.query('delete from sla_targets where workspace_id = $1', [ctx.workspaceId]);
    for (const r of rows) {
      if (r.first === null && r.resolution === null) continue;
      await db.query(
        `insert into sla_targets (workspace_id, priority, first_response_minutes, resolution_minutes, updated_at)
         values ($1, $2, $3, $4, $5)`,
        [ctx.workspaceId, r.priority, r.first, r.resolution, now],
      );
    }
    await recordAudit(
      { ...ctx, db },
      { action: 'sla_targets.updated', data: { priorities: rows.map((r) => r.priority) } },
    );
  });
  return getSlaTargets(ctx);
}
