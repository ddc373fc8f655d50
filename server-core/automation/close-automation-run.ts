import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from '../widget/visitors';
import {
  type AutomationRun,
  checkAutomationRate,
  RUN_COLUMNS,
  type RunCloseReason,
  type RunState,
} from './automation-run';

/**
 * widgetCloseAutomationRun: closes the visitor's open run once. One conditional update (`state = 'open'`),
 * so of parallel closes exactly one wins; the others, and any later close, are 409 automation_run_closed.
 * Another visitor's run, or an unknown one, is 404.
 */
export async function closeAutomationRun(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { runId: string; state: Exclude<RunState, 'open'>; reason: RunCloseReason | null },
): Promise<AutomationRun> {
  await checkAutomationRate(ctx, limiter, visitor.id);
  const [closed] = await ctx.db.query<AutomationRun>(
    `update automation_runs set state = $4, reason = $5, closed_at = $6
     where workspace_id = $1 and id = $2 and visitor_id = $3 and state = 'open'
     returning ${RUN_COLUMNS}`,
    [ctx.workspaceId, input.runId, visitor.id, input.state, input.reason, ctx.clock.now()],
  );
  if (closed) return closed;
  const [run] = await ctx.db.query<{ state: string }>(
    'select state from automation_runs where workspace_id = $1 and id = $2 and visitor_id = $3',
    [ctx.workspaceId, input.runId, visitor.id],
  );
  if (!run) throw notFound('automation run');
  throw new DomainError('automation_run_closed', { run_id: input.runId, state: run.state });
}
