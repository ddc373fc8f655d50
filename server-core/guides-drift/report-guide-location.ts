import { shareModesFor } from '../content/audience';
import type { StepElement } from '../content/guide';
import type { Ctx } from '../context';
import { MINUTE } from '../lib/clock';
import { notFound } from '../lib/errors';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { storeVisitor, type Visitor } from '../widget/visitors';
import { walkthroughAudiences } from '../widget/walkthrough-guide';
import { DRIFT_VISITORS, isLocatable, missesCountFrom } from './drift-rule';
import { type DriftTransition, settleGuideDrift } from './settle-guide-drift';

/** The server throttle of location reports per visitor. */
export const GUIDE_LOCATIONS_PER_MINUTE = 60;

/**
 * widgetReportGuideLocation (docs/decisions/guide-drift.md): the player found a step's element, or could
 * not. A miss counts the visitor for the step; misses from 3 distinct visitors since the step was last
 * found (or the guide published) and within 7 days mark the step drifted. A find clears the step. The
 * guide's transitions are settled and announced in the same transaction, under an advisory lock per guide,
 * so parallel reports announce a transition exactly once.
 *
 * The guide must be a published one the visitor may walk through (the audiences of widgetGetGuide) and the
 * step one of its steps, else not_found; more than 60 reports a minute per visitor: rate_limited.
 */
export async function reportGuideLocation(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { guideId: string; stepId: string; found: boolean },
): Promise<{ transition: DriftTransition }> {
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `guide_locations:${visitor.id}`,
      rule: { limit: GUIDE_LOCATIONS_PER_MINUTE, windowMs: MINUTE },
    },
  ]);
  if (!decision.allowed) {
    throw rateLimited(
      decision,
      `At most ${GUIDE_LOCATIONS_PER_MINUTE} location reports a minute per visitor.`,
    );
  }
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    // First, before any read: every report of this guide waits here, so each sees the one before it.
    await db.query("select pg_advisory_xact_lock(hashtext('guide-drift:' || $1 || ':' || $2))", [
      ctx.workspaceId,
      input.guideId,
    ]);
    const [row] = await db.query<{ published_at: Date; step_id: string | null; element: StepElement | null }>(
      `select g.published_at, s.id as step_id, s.element
       from guides g
       left join guide_steps s on s.workspace_id = g.workspace_id and s.guide_id = g.id and s.id = $3
       where g.workspace_id = $1 and g.id = $2 and g.status = 'published' and g.share_mode = any($4::text[])`,
      [ctx.workspaceId, input.guideId, input.stepId, shareModesFor(walkthroughAudiences(visitor.contactId))],
    );
    if (!row) throw notFound('guide');
    if (row.step_id === null) throw notFound('guide step');
    // A step with no element to look for cannot drift: accepted, nothing kept.
    if (!isLocatable(row.element)) return { transition: null };
    const step = { guideId: input.guideId, stepId: input.stepId, publishedAt: row.published_at };
    if (input.found) await recordFind(tctx, step, now);
    else {
      await storeVisitor(tctx, visitor); // a miss keeps the visitor's id: stored with it, as every write for a visitor
      await recordMiss(tctx, step, visitor.id, now);
    }
    return { transition: await settleGuideDrift(tctx, input.guideId, now) };
  });
}

interface ReportedStep {
  guideId: string;
  stepId: string;
  publishedAt: Date;
}

/** A find: the step is not drifted, and misses count from now; its earlier misses are dropped. */
async function recordFind(ctx: Ctx, step: ReportedStep, now: Date): Promise<void> {
  await ctx.db.query(
    `insert into guide_step_drift (workspace_id, step_id, guide_id, found_at, drifted_at)
     values ($1, $2, $3, $4, null)
     on conflict (workspace_id, step_id) do update set found_at = excluded.found_at, drifted_at = null`,
    [ctx.workspaceId, step.stepId, step.guideId, now],
  );
  await ctx.db.query('delete from guide_step_misses where workspace_id = $1 and step_id = $2', [
    ctx.workspaceId,
    step.stepId,
  ]);
}

/** A miss: the visitor's latest miss of the step; the step drifts once enough distinct visitors missed it. */
async function recordMiss(ctx: Ctx, step: ReportedStep, visitorId: string, now: Date): Promise<void> {
  await ctx.db.query(
    `insert into guide_step_misses (workspace_id, step_id, visitor_id, guide_id, missed_at)
     values ($1, $2, $3, $4, $5)
     on conflict (workspace_id, step_id, visitor_id)
     do update set missed_at = greatest(guide_step_misses.missed_at, excluded.missed_at)`,
    [ctx.workspaceId, step.stepId, visitorId, step.guideId, now],
  );
  await ctx.db.query(
    `insert into guide_step_drift (workspace_id, step_id, guide_id, found_at, drifted_at)
     values ($1, $2, $3, null, null) on conflict (workspace_id, step_id) do nothing`,
    [ctx.workspaceId, step.stepId, step.guideId],
  );
  const [state] = await ctx.db.query<{ found_at: Date | null; drifted_at: Date | null }>(
    'select found_at, drifted_at from guide_step_drift where workspace_id = $1 and step_id = $2',
    [ctx.workspaceId, step.stepId],
  );
  if (state!.drifted_at !== null) return;
  const { since, windowStart } = missesCountFrom({
    publishedAt: step.publishedAt,
    foundAt: state!.found_at,
    now,
  });
  const [counted] = await ctx.db.query<{ visitors: number }>(
    `select count(*)::int as visitors from guide_step_misses
     where workspace_id = $1 and step_id = $2 and missed_at >= $3 and missed_at > $4`,
    [ctx.workspaceId, step.stepId, since, windowStart],
  );
  if (counted!.visitors < DRIFT_VISITORS) return;
  await ctx.db.query('update guide_step_drift set drifted_at = $3 where workspace_id = $1 and step_id = $2', [
    ctx.workspaceId,
    step.stepId,
    now,
  ]);
}
