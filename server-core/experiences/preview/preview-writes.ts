import { DomainError, notFound } from '../../lib/errors';
import { checkAnswer, type SurveyAnswer } from '../answer-survey';
import type { IndexedExperience } from '../decision/experience-index';
import type { ProgramItemState, SurveyContent } from '../definition';
import type { ItemMove } from '../move-program-item';
import type { SeenMarker } from '../record-seen';
import type { Session, SessionTrigger } from '../session';
import { checkChange, type SessionChange, stepIndex } from '../update-session';

/**
 * The widget's writes for a previewed draft (docs/decisions/experiences.md#the-preview-link): checked as
 * the real ones are (a known step, question or item; an answer of the question's kind), answered in the
 * shapes the widget reads, and never stored. No session, seen marker, answer, contact attribute, ledger
 * row, webhook event or realtime frame comes from a preview, so no count can include one. The draft's
 * version id and its one session id are the experience's own id (no version row has it).
 */

/** A session of the preview as it stands after `change` (none: just opened). */
export function previewSession(
  e: IndexedExperience,
  now: Date,
  trigger: SessionTrigger,
  change?: Omit<SessionChange, 'versionId' | 'sessionId'>,
): Session {
  const base: Session = {
    id: e.id,
    experience_id: e.id,
    version_id: e.id,
    type: e.type,
    state: 'active',
    end_reason: null,
    current_step_id: null,
    progress: 0,
    items_done: 0,
    items_total: 0,
    trigger,
    contact_id: null,
    widget_visitor_id: null,
    feedback_rating: null,
    feedback_comment: null,
    started_at: now,
    ended_at: null,
  };
  if (!change) return base;
  const full = { ...base, definition: { content: e.content } };
  checkChange(full, { ...change, versionId: e.id, sessionId: e.id });
  const steps = e.type === 'tour' ? e.steps.length : ((e.content as SurveyContent).questions?.length ?? 0);
  const index = change.stepId === undefined ? null : stepIndex(full, change.stepId);
  const end = change.end;
  return {
    ...base,
    current_step_id: change.stepId ?? null,
    progress: end === 'completed' ? 1 : index === null || !steps ? 0 : (index + 1) / steps,
    state: end === undefined ? 'active' : end === 'completed' ? 'completed' : 'ended',
    end_reason: end ?? null,
    ended_at: end === undefined ? null : now,
  };
}

/** A survey answer of the preview: checked against the draft's question, completed at its last question. */
export function previewAnswer(e: IndexedExperience, questionId: string, value: unknown): SurveyAnswer {
  const questions = e.type === 'survey' ? (e.content as SurveyContent).questions : [];
  const index = questions.findIndex((q) => q.id === questionId);
  if (index < 0)
    throw new DomainError(
      'validation_failed',
      { field: 'question_id', rule: 'unknown_question' },
      'No question of this version has this id.',
    );
  return {
    question_id: questionId,
    value: checkAnswer(questions[index]!, value),
    completed: index === questions.length - 1,
  };
}

/** A program item moved in the preview: the item must be the draft's; counts are of this move alone. */
export function previewItemMove(e: IndexedExperience, itemId: string, state: ProgramItemState): ItemMove {
  const items = e.program?.sections.flatMap((s) => s.items) ?? [];
  if (!items.some((i) => i.id === itemId)) throw notFound('program item');
  const done = state === 'done' || state === 'skipped' ? 1 : 0;
  return {
    item_id: itemId,
    state,
    done,
    total: items.length,
    progress: items.length ? done / items.length : 1,
  };
}

/** A seen marker of the preview: always the first, never stored. */
export function previewSeen(e: IndexedExperience, now: Date, dismissed: boolean): SeenMarker {
  return {
    experience_id: e.id,
    version_id: e.id,
    seen_at: now,
    dismissed_at: dismissed ? now : null,
    activations: 1,
    first: true,
  };
}
