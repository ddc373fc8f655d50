import type { AutoStartCandidate } from './auto-start';
import type { IndexedExperience } from './experience-index';
import type { Person } from './person';
import type { ProgramView } from './program';
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
 * How one experience type takes part in the decision once its targeting passed. Adding a type is adding
 * an evaluator to EVALUATORS (evaluators.ts); the shared targeting, the watch list and the auto-start
 * choice stay as they are.
 */
export interface Evaluator {
  /** Whether the person's ledger lets it be delivered on this page view (frequency, sessions, seen markers). */
  allowed(e: IndexedExperience, person: Person, now: number): boolean;
  /** Adds it to the draft; `pending` while some of its element facts are unknown for this page. */
  deliver(e: IndexedExperience, person: Person, draft: DecisionDraft, pending: boolean): void;
}
