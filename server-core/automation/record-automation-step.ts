import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import type { Visitor } from '../widget/visitors';
import { type AutomationRun, checkAutomationRate, RUN_COLUMNS, type RunAction } from './automation-run';
import { checkPageRails, parsePageUrl } from './page-rails';
import type { PageFacts } from './sensitive-page';

export interface RecordedStep {
  run_id: string;
  step_id: string;
  seq: number;
  action: RunAction;
  recorded_at: Date;
}

/**
 * widgetRecordAutomationStep: that a step of the run's guide was executed, never what was typed. Checks, in
 * order: the run is this visitor's (404 otherwise), still open (409 automation_run_closed), the step is one
 * of the guide's (422 unknown_step_id), the page's host is still verified (403 domain_not_verified), the page
 * is not sensitive (403 sensitive_page). Recorded: the step id, a sequence number, the action, the element's
 * role and accessible name as the guide stores them (not as the browser says), the page's host and path (no
 * query, no fragment) and the time. The run row is locked, so sequence numbers are gap-free under parallel
 * calls and no step lands after the close.
 */
export async function recordAutomationStep(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { runId: string; stepId: string; action: RunAction; url: string; page: PageFacts },
): Promise<RecordedStep> {
  await checkAutomationRate(ctx, limiter, visitor.id);
  const url = parsePageUrl(input.url);
  return ctx.db.tx(async (db) => {
    const txCtx = { ...ctx, db };
    const [run] = await db.query<AutomationRun>(
      `select ${RUN_COLUMNS} from automation_runs
       where workspace_id = $1 and id = $2 and visitor_id = $3 for update`,
      [ctx.workspaceId, input.runId, visitor.id],
    );
    if (!run) throw notFound('automation run');
    if (run.state !== 'open')
      throw new DomainError('automation_run_closed', { run_id: run.id, state: run.state });
    const [step] = await db.query<{ role: string | null; name: string | null }>(
      `select element->>'role' as role, element->>'name' as name from guide_steps
       where workspace_id = $1 and guide_id = $2 and id = $3`,
      [ctx.workspaceId, run.guide_id, input.stepId],
    );
    if (!step)
      throw new DomainError(
        'unknown_step_id',
        { index: 0, id: input.stepId },
        "The step id names no step of the run's guide.",
      );
    await checkPageRails(txCtx, url, input.page);
    const now = ctx.clock.now();
    const seq = run.steps_recorded + 1;
    await db.query(
      `insert into automation_run_steps
         (workspace_id, run_id, seq, step_id, action, element_role, element_name, page_host, page_path, recorded_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        ctx.workspaceId,
        run.id,
        seq,
        input.stepId,
        input.action,
        step.role,
        step.name,
        url.hostname,
        url.pathname,
        now,
      ],
    );
    await db.query('update automation_runs set steps_recorded = $3 where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      run.id,
      seq,
    ]);
    return { run_id: run.id, step_id: input.stepId, seq, action: input.action, recorded_at: now };
  });
}
