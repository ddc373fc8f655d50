import type { CompiledStep, IndexedExperience } from './experience-index';
import type { SessionHistory } from './frequency';
import type { PageUrl } from './url-match';

export interface Resume {
  experience_id: string;
  version_id: string;
  session_id: string;
  step_id: string;
}

/**
 * The active tour session of this person that resumes on this page: its current step (the first one
 * before any step was recorded) has no page rule or one that matches this URL. Its experience must
 * still be published; the steps are those of the session's own version (`stepsOf`). When several
 * qualify, the newest session.
 */
export function findResume(
  experiences: Iterable<IndexedExperience>,
  history: ReadonlyMap<string, SessionHistory>,
  stepsOf: (e: IndexedExperience, versionId: string) => readonly CompiledStep[] | undefined,
  page: PageUrl,
): Resume | null {
  let best: (Resume & { startedAt: number }) | null = null;
  for (const e of experiences) {
    if (e.type !== 'tour') continue;
    const active = history.get(e.id)?.active;
    if (!active) continue;
    const steps = stepsOf(e, active.versionId);
    if (!steps || steps.length === 0) continue;
    const step = active.stepId === null ? steps[0] : steps.find((s) => s.id === active.stepId);
    if (!step || (step.page !== null && !step.page(page))) continue;
    if (!best || active.startedAt > best.startedAt) {
      best = {
        experience_id: e.id,
        version_id: active.versionId,
        session_id: active.sessionId,
        step_id: step.id,
        startedAt: active.startedAt,
      };
    }
  }
  if (!best) return null;
  const { startedAt: _, ...resume } = best;
  return resume;
}
