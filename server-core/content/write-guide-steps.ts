import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import type { StepInput } from './guide';
import { checkGuideSteps } from './step-limits';

/**
 * Replaces a guide's steps with `steps`, numbered 1..n in list order, within the bounds of
 * step-limits.ts (validation_failed naming the field and rule). A step keeps its id when it
 * names one of this guide's current steps (unknown_step_id for any other id, duplicate_step_id for an
 * id given twice); screenshots without an id get one.
 */
export async function writeGuideSteps(ctx: Ctx, guideId: string, steps: readonly StepInput[]): Promise<void> {
  checkGuideSteps(steps);
  const now = ctx.clock.now();
  const existing = new Set(
    (
      await ctx.db.query<{ id: string }>(
        'select id from guide_steps where workspace_id = $1 and guide_id = $2',
        [ctx.workspaceId, guideId],
      )
    ).map((r) => r.id),
  );
  const given = new Set<string>();
  for (const [index, s] of steps.entries()) {
    if (s.id === undefined) continue;
    const id = s.id.toLowerCase();
    if (!existing.has(id)) {
      throw new DomainError('unknown_step_id', { index, id: s.id });
    }
    if (given.has(id)) throw new DomainError('duplicate_step_id', { index, id: s.id });
    given.add(id);
  }
  await ctx.db.query('delete from guide_steps where workspace_id = $1 and guide_id = $2', [
    ctx.workspaceId,
    guideId,
  ]);
  if (steps.length === 0) return;
  const rows = steps.map((s, i) => ({
    ...s,
    id: s.id?.toLowerCase() ?? newId(now),
    seq: i + 1,
    screenshot: s.screenshot ? { ...s.screenshot, id: s.screenshot.id ?? newId(now) } : null,
  }));
  await ctx.db.query(
    `insert into guide_steps (workspace_id, id, guide_id, seq, type, text, screenshot, redactions, policy_redactions,
       smart_blur_suggestions, annotations, element, alerts, walkthrough, input, app)
     select $1, s.id, $2, s.seq, s.type, s.text, s.screenshot, s.redactions, s.policy_redactions,
       s.smart_blur_suggestions, s.annotations, s.element, s.alerts, s.walkthrough, s.input, s.app
     from jsonb_to_recordset($3::jsonb) as s(id text, seq int, type text, text text, screenshot jsonb,
       redactions jsonb, policy_redactions jsonb, smart_blur_suggestions jsonb, annotations jsonb, element jsonb,
       alerts jsonb, walkthrough jsonb, input jsonb, app jsonb)`,
    [ctx.workspaceId, guideId, JSON.stringify(rows)],
  );
}
