import type { Ctx } from '../context';
import type { AnswerValue } from './answer-survey';
import type { SurveyQuestionKind } from './definition';
import { getExperience } from './read-experiences';

export interface AnswerRow {
  /** The answer's id: the cursor position (a replaced answer gets a new one). */
  id: string;
  session_id: string;
  contact_id: string | null;
  question_id: string;
  kind: SurveyQuestionKind;
  value: AnswerValue;
  answered_at: Date;
}

/**
 * listExperienceAnswers: a survey's answers, newest first (by id, a ULID of the answer time), one row per
 * session and question (the latest answer). Another type's experience has none (an empty page); an unknown
 * or foreign id: 404.
 */
export async function listAnswers(
  ctx: Ctx,
  experienceId: string,
  f: { beforeId: string | null; limit: number },
): Promise<AnswerRow[]> {
  await getExperience(ctx, experienceId);
  return ctx.db.query<AnswerRow>(
    `select id, session_id, contact_id, question_id, kind, value, answered_at from experience_survey_answers
     where workspace_id = $1 and experience_id = $2 and ($3::text is null or id < $3)
     order by id desc limit $4`,
    [ctx.workspaceId, experienceId, f.beforeId, f.limit + 1],
  );
}
