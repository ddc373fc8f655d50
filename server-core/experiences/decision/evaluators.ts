import type { ExperienceType } from '../experience';
import type { AutoStartCandidate } from './auto-start';
import type { IndexedExperience } from './experience-index';
import { frequencyAllows, NO_HISTORY } from './frequency';
import type { Person } from './person';
import { assembleProgram, type ProgramView } from './program';
import type { AnnouncementView, BannerView, LauncherView } from './views';

/** What the decision collects while the evaluators run; decide.ts shapes the answer from it. */
export interface DecisionDraft {
  autoStart: AutoStartCandidate[];
  programs: ProgramView[];
  launchers: LauncherView[];
  banners: BannerView[];
  announcements: AnnouncementView[];
}

/**
 * How one experience type takes part in the decision once its targeting passed. Adding a type (part 2:
 * survey, launcher, banner, announcement) is adding an evaluator here; the shared targeting, the watch
 * list and the auto-start choice stay as they are.
 */
export interface Evaluator {
  /** Whether the person's ledger lets it be delivered on this page view (frequency, sessions, seen markers). */
  allowed(e: IndexedExperience, person: Person, now: number): boolean;
  /** Adds it to the draft; `pending` while some of its element facts are unknown for this page. */
  deliver(e: IndexedExperience, person: Person, draft: DecisionDraft, pending: boolean): void;
}

/** Tours compete for the auto-start slot: frequency allows it and no session of it is active. */
const tour: Evaluator = {
  allowed(e, person, now) {
    const history = person.history.get(e.id) ?? NO_HISTORY;
    return history.active === null && frequencyAllows(e.frequency ?? { kind: 'once' }, history, now);
  },
  deliver(e, _person, draft, pending) {
    draft.autoStart.push({
      type: 'tour',
      experience_id: e.id,
      version_id: e.versionId,
      triggers: e.triggers,
      priority: e.priority,
      pending,
    });
  },
};

/** Programs stay while targeted (no frequency), with the person's item states. */
const program: Evaluator = {
  allowed: () => true,
  deliver(e, person, draft, pending) {
    if (pending || !e.program) return;
    draft.programs.push(
      assembleProgram(
        { id: e.id, versionId: e.versionId, name: e.name, content: e.program },
        person.programs.get(e.id) ?? null,
      ),
    );
  },
};

export const EVALUATORS: Partial<Record<ExperienceType, Evaluator>> = { tour, program };
