import type { Ctx } from '../../context';
import { DomainError } from '../../lib/errors';
import { forcePreview } from '../preview/force-preview';
import { type Decision, decide, preselect } from './decide';
import { eventNeedsOf } from './events';
import type { IndexedExperience } from './experience-index';
import type { ExperienceIndexCache } from './index-cache';
import { loadLedger } from './ledger';
import { type PageUrl, pageKey, parsePageUrl } from './url-match';

/** Who the decision is for: the widget visitor and, when verified, its contact. */
export interface DecisionVisitor {
  id: string;
  contactId: string | null;
}

/** The longest page URL a decision takes (the contract refuses longer ones first). */
export const MAX_PAGE_URL_CHARS = 2048;

/** The page a decision is for, parsed; a URL that is not absolute http(s) or too long is 422. */
export function requirePageUrl(url: string): PageUrl {
  const page = url.length <= MAX_PAGE_URL_CHARS ? parsePageUrl(url) : null;
  if (!page) {
    throw new DomainError(
      'validation_failed',
      { field: 'url' },
      `url must be an absolute http(s) URL of at most ${MAX_PAGE_URL_CHARS} characters.`,
    );
  }
  return page;
}

/**
 * The decision for one page view: the workspace's cached index, the candidates that pass window,
 * audience and pages, then the person's ledger in one query (with only the event counts those
 * candidates need) and, when a tour session runs on an older version, that version's steps. With a
 * `preview` (a draft compiled by preview/preview-experience.ts), its published version is left out and the
 * draft is forced in (preview/force-preview.ts).
 */
export async function decideExperiences(
  ctx: Ctx,
  deps: { index: ExperienceIndexCache },
  input: { visitor: DecisionVisitor; url: string; preview?: IndexedExperience | null },
): Promise<Decision> {
  const page = requirePageUrl(input.url);
  const now = ctx.clock.now().getTime();
  const identified = input.visitor.contactId !== null;
  const index = await deps.index.get(ctx.workspaceId);
  const preview = input.preview ?? null;
  const candidates = preselect(index, page, identified, now).filter((e) => e.id !== preview?.id);
  const person = await loadLedger(ctx, {
    visitorId: input.visitor.id,
    contactId: input.visitor.contactId,
    pageKey: pageKey(page),
    eventNeeds: eventNeedsOf(candidates.flatMap((e) => e.events)),
    programIds: candidates.filter((e) => e.type === 'program').map((e) => e.id),
  });
  const older = [...person.history]
    .map(([experienceId, h]) => ({ e: index.byId.get(experienceId), active: h.active }))
    .filter(({ e, active }) => e?.type === 'tour' && active && active.versionId !== e.versionId)
    .map(({ active }) => active!.versionId);
  const olderSteps = older.length > 0 ? await deps.index.stepsOfVersions(ctx.workspaceId, older) : new Map();
  const decision = decide({ index, candidates, page, person: { ...person, identified }, now, olderSteps });
  return preview ? forcePreview(decision, preview) : decision;
}
