import type { AttributeValue } from '../contacts/contact';
import { updateContact } from '../contacts/update-contact';
import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import { RULE_MESSAGES, unstorableString } from '../lib/storable';
import { newId } from '../lib/ulid';
import type { SurveyContent, SurveyQuestion } from './definition';
import { loadOwnSession, type Person } from './session';
import { updateSession } from './update-session';

/** A survey answer as posted: a number (nps, rating, scale), an option id or ids (choice), a text. */
export type AnswerValue = number | string | string[];

/** The longest freetext answer. */
export const MAX_FREETEXT_CHARS = 2000;
/** A freetext answer filed under a contact attribute keeps this many characters (the attribute rule). */
const ATTRIBUTE_STRING_CHARS = 1000;

export interface SurveyAnswer {
  question_id: string;
  value: AnswerValue;
  /** true when this answer was the last missing one: the session completed. */
  completed: boolean;
}

const invalid = (rule: string, message: string) =>
  new DomainError('validation_failed', { field: 'value', rule }, message);

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** The value checked against its question's kind, or a 422 naming the rule it breaks. */
export function checkAnswer(q: SurveyQuestion, value: unknown): AnswerValue {
  switch (q.kind) {
    case 'nps':
      if (!isInt(value) || value < 0 || value > 10) throw invalid('out_of_range', 'An integer from 0 to 10.');
      return value;
    case 'rating':
      if (!isInt(value) || value < 1 || value > 5) throw invalid('out_of_range', 'An integer from 1 to 5.');
      return value;
    case 'scale':
      if (!isInt(value) || value < q.min || value > q.max)
        throw invalid('out_of_range', `An integer from ${q.min} to ${q.max}.`);
      return value;
    case 'choice': {
      const ids = new Set(q.options.map((o) => o.id));
      if (q.multiple) {
        if (!Array.isArray(value) || value.length === 0)
          throw invalid('option_ids', 'An array of one or more option ids.');
        if (new Set(value).size !== value.length) throw invalid('distinct', 'Each option once.');
        if (!value.every((v) => typeof v === 'string' && ids.has(v)))
          throw invalid('unknown_option', 'Option ids of this question.');
        return value as string[];
      }
      if (typeof value !== 'string' || !ids.has(value))
        throw invalid('unknown_option', 'One option id of this question.');
      return value;
    }
    case 'freetext': {
      if (typeof value !== 'string') throw invalid('text', 'A text.');
      if (value.length > MAX_FREETEXT_CHARS)
        throw invalid('too_long', `At most ${MAX_FREETEXT_CHARS} characters.`);
      const rule = unstorableString(value);
      if (rule) throw invalid(rule, RULE_MESSAGES[rule]);
      return value;
    }
  }
}

/** What an answer files under a contact attribute: numbers as numbers, options by label, text cut to 1,000. */
export function attributeValue(q: SurveyQuestion, value: AnswerValue): AttributeValue {
  if (q.kind === 'choice') {
    const labels = new Map(q.options.map((o) => [o.id, o.label]));
    const ids = Array.isArray(value) ? value : [String(value)];
    return ids.map((id) => labels.get(id) ?? id).join(', ');
  }
  if (typeof value === 'string') return value.slice(0, ATTRIBUTE_STRING_CHARS);
  return value as number;
}

/**
 * widgetAnswerSurvey (docs/decisions/experiences.md, Part 2): stores the answer to one question of the
 * person's active survey session (answering again replaces it). A question naming an attribute key files
 * the value under the contact's attribute when the visitor is a verified contact (skipped, the answer
 * kept, when the contact already holds 30 other attributes); anonymous answers stay on the answer. When
 * every question has an answer the session completes through updateSession (experience.completed, the
 * same as a tour's). Not the person's session or not a survey: 404; a session that ended: 409
 * session_not_active; a question the version does not have: 422.
 */
export async function answerSurvey(
  ctx: Ctx,
  person: Person,
  input: { versionId: string; sessionId: string; questionId: string; value: unknown },
): Promise<SurveyAnswer> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tx = { ...ctx, db };
    const s = await loadOwnSession(db, ctx.workspaceId, person, input, true);
    if (s.type !== 'survey') throw notFound('survey session');
    const questions = (s.definition.content as SurveyContent).questions;
    const q = questions.find((x) => x.id === input.questionId);
    if (!q)
      throw new DomainError(
        'validation_failed',
        { field: 'question_id', rule: 'unknown_question' },
        'No question of this version has this id.',
      );
    const value = checkAnswer(q, input.value);
    if (s.state !== 'active')
      throw new DomainError('session_not_active', { session_id: s.id, state: s.state });
    await db.query(
      `insert into experience_survey_answers (workspace_id, id, session_id, experience_id, version_id, question_id, kind,
         value, contact_id, widget_visitor_id, answered_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11)
       on conflict (workspace_id, session_id, question_id) do update set
         id = excluded.id, value = excluded.value, contact_id = excluded.contact_id, answered_at = excluded.answered_at`,
      [
        ctx.workspaceId,
        newId(now),
        s.id,
        s.experience_id,
        s.version_id,
        q.id,
        q.kind,
        JSON.stringify(value),
        person.contactId ?? s.contact_id,
        s.widget_visitor_id,
        now,
      ],
    );
    if (q.attribute_key && person.contactId) {
      await updateContact(tx, person.contactId, {
        attributes: { [q.attribute_key]: attributeValue(q, value) },
      }).catch((err: unknown) => {
        // A full contact (30 attributes) keeps its attributes; the answer stays on the answer.
        if (err instanceof DomainError && err.is('validation_failed')) return null;
        throw err;
      });
    }
    const [{ answered } = { answered: 0 }] = await db.query<{ answered: number }>(
      `select count(*)::int as answered from experience_survey_answers
       where workspace_id = $1 and session_id = $2 and question_id = any($3::text[])`,
      [ctx.workspaceId, s.id, questions.map((x) => x.id)],
    );
    const completed = answered >= questions.length;
    if (completed) {
      await updateSession(tx, person, { versionId: s.version_id, sessionId: s.id, end: 'completed' });
    }
    return { question_id: q.id, value, completed };
  });
}
