import { getPublishedGuide } from '../content/read-published';
import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import type { RateLimiter } from '../ratelimit/rate-limiter';
import { storeVisitor, type Visitor } from '../widget/visitors';
import { walkthroughAudiences } from '../widget/walkthrough-guide';
import { type AutomationRun, checkAutomationRate, RUN_COLUMNS } from './automation-run';
import { checkPageRails, parsePageUrl } from './page-rails';
import type { PageFacts } from './sensitive-page';

/**
 * widgetOpenAutomationRun. The route has checked feature.automation.execute (404 while off); then, in this
 * order: the guide (unknown, unpublished, foreign or out of the visitor's audience: 404, the audiences of
 * widgetGetGuide), the page's host against the verified domains (403 domain_not_verified), the
 * sensitive-page rail (403 sensitive_page). The run belongs to the visitor who opened it.
 */
export async function openAutomationRun(
  ctx: Ctx,
  limiter: RateLimiter,
  visitor: Visitor,
  input: { guideId: string; url: string; page: PageFacts },
): Promise<AutomationRun> {
  await checkAutomationRate(ctx, limiter, visitor.id);
  const guide = await getPublishedGuide(ctx, input.guideId, walkthroughAudiences(visitor.contactId));
  await checkPageRails(ctx, parsePageUrl(input.url), input.page);
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    await storeVisitor({ ...ctx, db }, visitor);
    const [run] = await db.query<AutomationRun>(
      `insert into automation_runs (workspace_id, id, guide_id, visitor_id, state, created_at)
       values ($1, $2, $3, $4, 'open', $5) returning ${RUN_COLUMNS}`,
      [ctx.workspaceId, newId(now), guide.id, visitor.id, now],
    );
    return run!;
  });
}
