import { announcementList } from '../decision/announcement';
import { chooseAutoStart } from '../decision/auto-start';
import type { Decision } from '../decision/decide';
import type { DecisionDraft } from '../decision/evaluator';
import { EVALUATORS } from '../decision/evaluators';
import type { IndexedExperience } from '../decision/experience-index';
import type { Person } from '../decision/person';

/** The person a preview is shown to: no history, no seen markers, no program progress, no facts. */
const NOBODY: Person = {
  identified: false,
  attributes: {},
  eventCounts: new Map(),
  facts: new Map(),
  history: new Map(),
  programs: new Map(),
  seen: new Map(),
};

/**
 * The decision for a page with the previewed draft forced in (docs/decisions/experiences.md#the-preview-link):
 * its evaluator delivers it as to a person who never saw it, whatever the targeting (pages, audience,
 * attributes, events, elements), the window and the frequency; its published version, when there is one,
 * is left out. The intrusive slot is the preview's: the draft when it is a tour, a survey or a popup
 * announcement, else nothing (no other auto-start and no resume competes with what is previewed, and the
 * widget lets QA's no-auto-start yield to it); everything else of the decision is unchanged.
 */
export function forcePreview(decision: Decision, preview: IndexedExperience): Decision {
  const evaluator = EVALUATORS[preview.type];
  if (!evaluator) return decision;
  const draft: DecisionDraft = { autoStart: [], programs: [], launchers: [], banners: [], announcements: [] };
  evaluator.deliver(preview, NOBODY, draft, false);
  const other = <T extends { experience_id: string }>(list: readonly T[]) =>
    list.filter((x) => x.experience_id !== preview.id);
  const autoStart = chooseAutoStart(draft.autoStart, { resuming: false });
  return {
    ...decision,
    launchers: [...draft.launchers, ...other(decision.launchers)],
    banners: [...draft.banners, ...other(decision.banners)],
    announcements: announcementList([...draft.announcements, ...other(decision.announcements.items)]),
    programs: [...draft.programs, ...other(decision.programs)],
    auto_start: autoStart,
    resume: null,
  };
}
