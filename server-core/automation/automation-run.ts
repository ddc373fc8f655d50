import type { Ctx } from '../context';
import { rateLimited } from '../ratelimit/rate-limited';
import type { RateLimiter } from '../ratelimit/rate-limiter';

export type RunState = 'open' | 'completed' | 'aborted' | 'failed';
export type RunCloseReason =
  | 'stopped'
  | 'ambiguous_element'
  | 'missing_element'
  | 'refused'
  | 'error'
  | 'navigation';
export type RunAction = 'click' | 'input' | 'select' | 'navigate';

/** An automation run: the visitor who opened it, the guide it executes, how it ended. */
export interface AutomationRun {
  id: string;
  guide_id: string;
  visitor_id: string;
  state: RunState;
  reason: RunCloseReason | null;
  steps_recorded: number;
  created_at: Date;
  closed_at: Date | null;
}

export const RUN_COLUMNS = 'id, guide_id, visitor_id, state, reason, steps_recorded, created_at, closed_at';

/** Run operations (open, step, close) a visitor may send a minute, together. */
export const AUTOMATION_CALLS_PER_MINUTE = 120;

export async function checkAutomationRate(ctx: Ctx, limiter: RateLimiter, visitorId: string): Promise<void> {
  const decision = await limiter.check([
    {
      workspaceId: ctx.workspaceId,
      name: `visitor-automation:${visitorId}`,
      rule: { limit: AUTOMATION_CALLS_PER_MINUTE, windowMs: 60_000 },
    },
  ]);
  if (!decision.allowed)
    throw rateLimited(
      decision,
      `At most ${AUTOMATION_CALLS_PER_MINUTE} automation calls a minute per visitor.`,
    );
}
