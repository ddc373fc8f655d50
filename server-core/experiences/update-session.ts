import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import { DEFINITION_LIMITS, type EndReason, type SurveyContent, type TourContent } from './definition';
import { loadOwnSession, type Person, type Session, sessionOf } from './session';

export interface SessionChange {
  versionId: string;
  sessionId: string;
  url?: string;
  /** A step of the session's version (a tour step, or a survey question). */
  stepId?: string;
  end?: EndReason;
  /** The end-of-tour answer, with `end: completed` only. */
  feedback?: { rating: number; comment?: string | null };
}

const invalid = (field: string, rule: string, message: string) =>
  new DomainError('validation_failed', { field, rule }, message);

/** The position of a step (tour) or question (survey) in the version, or a 422. */
export function stepIndex(s: Session & { definition: { content: unknown } }, stepId: string): number {
  if (s.type === 'program') throw invalid('step_id', 'no_steps', 'A program moves by its items, not steps.');
  const ids =
    s.type === 'tour'
      ? (s.definition.content as TourContent).steps.map((x) => x.id)
      : (s.definition.content as SurveyContent).questions.map((q) => q.id);
  const index = ids.indexOf(stepId);
  if (index === -1) throw invalid('step_id', 'unknown_step', 'No step of this version has this id.');
  return index;
}

export function checkChange(s: Session & { definition: { content: unknown } }, change: SessionChange): void {
  if (change.end === 'completed' && s.type === 'program')
    throw invalid('end', 'completed_by_items', 'A program completes when every item is done or skipped.');
  if (change.feedback) {
    if (s.type !== 'tour') throw invalid('feedback', 'tour_only', 'Only a tour asks for feedback.');
    if (change.end !== 'completed')
      throw invalid('feedback', 'with_completion', 'Feedback comes with end: completed.');
    const { rating, comment } = change.feedback;
    if (!Number.isInteger(rating) || rating < 1 || rating > 5)
      throw invalid('feedback.rating', 'out_of_range', 'A rating from 1 to 5.');
    if (comment && comment.length > DEFINITION_LIMITS.feedbackCommentChars)
      throw invalid(
        'feedback.comment',
        'too_long',
        `At most ${DEFINITION_LIMITS.feedbackCommentChars} characters.`,
      );
  }
}

/**
 * Advances or ends one of the person's sessions. A step sets the current step and progress (index + 1) /
 * steps; an end sets the state (completed, or ended with the reason) and tells the person's widgets;
 * completion alone sends experience.completed, with the feedback rating, and stores the feedback. A
 * session that is no longer active is answered as it is: ending twice changes nothing.
 */
export async function updateSession(ctx: Ctx, person: Person, change: SessionChange): Promise<Session> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const s = await loadOwnSession(db, ctx.workspaceId, person, change, true);
    checkChange(s, change);
    const index = change.stepId === undefined ? null : stepIndex(s, change.stepId);
    if (s.state !== 'active') return sessionOf(s);
    const steps =
      s.type === 'tour'
        ? (s.definition.content as TourContent).steps.length
        : s.type === 'survey'
          ? (s.definition.content as SurveyContent).questions.length
          : 0;
    const state = change.end === undefined ? 'active' : change.end === 'completed' ? 'completed' : 'ended';
    const progress = change.end === 'completed' ? 1 : index === null ? null : (index + 1) / steps;
    await db.query(
      `update experience_sessions set current_step_cvid = coalesce($3, current_step_cvid),
         progress = coalesce($4, progress), last_url = coalesce($5, last_url), state = $6, end_reason = $7,
         ended_at = case when $6 = 'active' then null else $8::timestamptz end,
         feedback_rating = $9, feedback_comment = $10, updated_at = $8
       where workspace_id = $1 and id = $2`,
      [
        ctx.workspaceId,
        s.id,
        change.stepId ?? null,
        progress,
        change.url ?? null,
        state,
        change.end ?? null,
        now,
        change.feedback?.rating ?? null,
        change.feedback?.comment ?? null,
      ],
    );
    if (change.end !== undefined) {
      await notifyWidgets(
        db,
        { workspaceId: ctx.workspaceId, visitorId: s.widget_visitor_id, contactId: s.contact_id },
        { type: 'session.ended', session_id: s.id, end_reason: change.end },
      );
    }
    if (change.end === 'completed') {
      await emitEvent({ ...ctx, db }, 'experience.completed', {
        experience_id: s.experience_id,
        type: s.type,
        version_id: s.version_id,
        session_id: s.id,
        contact_id: s.contact_id,
        widget_visitor_id: s.widget_visitor_id,
        feedback_rating: change.feedback?.rating ?? null,
        completed_at: now.toISOString(),
      });
    }
    return sessionOf(await loadOwnSession(db, ctx.workspaceId, person, change));
  });
}
