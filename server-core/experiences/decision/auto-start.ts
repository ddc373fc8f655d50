import type { BrowserTriggers } from '../definition';
import { byPriority } from './experience-index';
import type { SurveyView } from './views';

/** The types that compete for the one intrusive slot of a page view: a tour, a survey, an unread popup announcement. */
export type AutoStartType = 'tour' | 'survey' | 'announcement';

export interface AutoStart {
  type: AutoStartType;
  experience_id: string;
  version_id: string;
  /** Browser triggers the widget evaluates before starting it ({} starts at once). */
  triggers: BrowserTriggers;
  /** type survey: its questions, placement and thank-you text. */
  survey?: SurveyView;
}

/** An eligible experience (targeting, frequency, no active session, element facts met), or one waiting on facts. */
export interface AutoStartCandidate extends AutoStart {
  priority: number;
  /** true while some of its element facts are unknown for this page. */
  pending: boolean;
}

/**
 * One intrusive slot per page view (spec widget.md section 6): the highest priority eligible candidate,
 * ties by the older experience, whatever its type. Nothing while a candidate that would outrank it still
 * waits on element facts (the answer to the widget's report decides), or while a tour resumes here.
 */
export function chooseAutoStart(
  candidates: readonly AutoStartCandidate[],
  opts: { resuming: boolean },
): AutoStart | null {
  if (opts.resuming) return null;
  const best = [...candidates].map((c) => ({ ...c, id: c.experience_id })).sort(byPriority)[0];
  if (!best || best.pending) return null;
  return {
    type: best.type,
    experience_id: best.experience_id,
    version_id: best.version_id,
    triggers: best.triggers,
    ...(best.survey ? { survey: best.survey } : {}),
  };
}
