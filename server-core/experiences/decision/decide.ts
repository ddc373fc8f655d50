import { announcementList } from './announcement';
import { type AutoStart, chooseAutoStart } from './auto-start';
import { type DecisionDraft, EVALUATORS } from './evaluators';
import type { CompiledStep, ExperienceIndex, IndexedExperience } from './experience-index';
import type { Person } from './person';
import type { ProgramView } from './program';
import { findResume, type Resume } from './resume';
import { elementsState, passesBeforeLedger, passesPersonConditions } from './targeting';
import type { PageUrl } from './url-match';
import type { AnnouncementList, BannerView, LauncherView } from './views';

/** The decision for one page view (docs/decisions/experiences.md#the-decision). */
export interface Decision {
  launchers: LauncherView[];
  banners: BannerView[];
  announcements: AnnouncementList;
  programs: ProgramView[];
  auto_start: AutoStart | null;
  resume: Resume | null;
  watch: { key: string; selector: string }[];
}

/**
 * The experiences of the index worth reading the ledger for: a type the decision knows, in its window,
 * for this audience and on this page. Their event conditions are the only ones the ledger counts.
 */
export function preselect(
  index: ExperienceIndex,
  page: PageUrl,
  identified: boolean,
  now: number,
): IndexedExperience[] {
  return index.experiences.filter((e) => EVALUATORS[e.type] && passesBeforeLedger(e, page, identified, now));
}

export interface DecideInput {
  index: ExperienceIndex;
  /** preselect's answer for this page and person. */
  candidates: readonly IndexedExperience[];
  page: PageUrl;
  person: Person;
  now: number;
  /** The steps of a session's version: the live ones from the index, older versions loaded apart. */
  olderSteps: ReadonlyMap<string, readonly CompiledStep[]>;
}

/**
 * Pure: every candidate that meets the person's conditions and the ledger goes to its type's evaluator;
 * element conditions add their selectors to `watch` (met or not, so the widget keeps reporting) and hold
 * the experience back while a fact is unknown. Then one auto-start (none while a tour resumes here).
 */
export function decide(input: DecideInput): Decision {
  const { person, now } = input;
  const draft: DecisionDraft = { autoStart: [], programs: [], launchers: [], banners: [], announcements: [] };
  const watch = new Map<string, string>();
  for (const e of input.candidates) {
    const evaluator = EVALUATORS[e.type];
    if (!evaluator || !passesPersonConditions(e, person) || !evaluator.allowed(e, person, now)) continue;
    for (const el of e.elements) watch.set(el.key, el.selector);
    const elements = elementsState(e.elements, person.facts);
    if (elements !== 'unmet') evaluator.deliver(e, person, draft, elements === 'unknown');
  }
  const resume = findResume(
    input.index.experiences,
    person.history,
    (e, versionId) => (versionId === e.versionId ? e.steps : input.olderSteps.get(versionId)),
    input.page,
  );
  return {
    launchers: draft.launchers,
    banners: draft.banners,
    announcements: announcementList(draft.announcements),
    programs: draft.programs,
    auto_start: chooseAutoStart(draft.autoStart, { resuming: resume !== null }),
    resume,
    watch: [...watch].map(([key, selector]) => ({ key, selector })),
  };
}
