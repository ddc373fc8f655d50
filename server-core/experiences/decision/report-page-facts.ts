import type { Ctx } from '../../context';
import { DomainError } from '../../lib/errors';
import { storeVisitor, type Visitor } from '../../widget/visitors';
import type { Decision } from './decide';
import { decideExperiences, requirePageUrl } from './decide-experiences';
import type { IndexedExperience } from './experience-index';
import type { ExperienceIndexCache } from './index-cache';
import { pageKey } from './url-match';

/** At most this many facts in one report (the decision never watches more selectors than this). */
export const MAX_FACTS_PER_REPORT = 100;

/**
 * widgetReportConditions: the booleans the widget observed for the watch keys of this page, stored for
 * the visitor (stored lazily first: a write) and answered with the new decision. Keys no published
 * experience watches are ignored, so a report never grows the table with keys nothing reads.
 */
export async function reportPageFacts(
  ctx: Ctx,
  deps: { index: ExperienceIndexCache },
  input: {
    visitor: Visitor;
    url: string;
    facts: Record<string, boolean>;
    /** The previewed draft, forced into the answer (decideExperiences). */
    preview?: IndexedExperience | null;
  },
): Promise<Decision> {
  const page = requirePageUrl(input.url);
  const entries = Object.entries(input.facts);
  if (entries.length > MAX_FACTS_PER_REPORT) {
    throw new DomainError('validation_failed', { field: 'facts', max: MAX_FACTS_PER_REPORT });
  }
  const index = await deps.index.get(ctx.workspaceId);
  const known = entries.filter(([key, value]) => index.watchKeys.has(key) && typeof value === 'boolean');
  if (known.length > 0) {
    await storeVisitor(ctx, input.visitor);
    await ctx.db.query(
      `insert into widget_page_facts (workspace_id, visitor_id, fact_key, url, present, updated_at)
       select $1, $2, f.key, $3, f.present::boolean, $4 from unnest($5::text[], $6::text[]) as f(key, present)
       on conflict (workspace_id, visitor_id, fact_key)
       do update set url = excluded.url, present = excluded.present, updated_at = excluded.updated_at`,
      [
        ctx.workspaceId,
        input.visitor.id,
        pageKey(page),
        ctx.clock.now(),
        known.map(([k]) => k),
        known.map(([, v]) => String(v)), // text: postgres.js sends no boolean arrays
      ],
    );
  }
  return decideExperiences(ctx, deps, {
    visitor: { id: input.visitor.id, contactId: input.visitor.contactId },
    url: input.url,
    preview: input.preview,
  });
}
