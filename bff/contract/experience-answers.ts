import { createRoute, z } from '@hono/zod-openapi';
import { SURVEY_QUESTION_KINDS } from '../../server-core/experiences/definition';
import type { AnswerRow } from '../../server-core/experiences/list-answers';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_TIME } from './examples';
import { API_KEY } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';
import { AnswerValue } from './widget-survey-answers';

/** A survey's answers for integrators (docs/decisions/experiences.md, Part 2). */

const SurveyAnswerRow = z
  .object({
    session_id: Ulid,
    contact_id: Ulid.nullable().openapi({ description: 'Null for an anonymous visitor.' }),
    question_id: z.string(),
    kind: z.enum(SURVEY_QUESTION_KINDS),
    value: AnswerValue,
    answered_at: DateTime,
  })
  .openapi('SurveyAnswerRow');

export function answerRowJson(r: AnswerRow) {
  return {
    session_id: r.session_id,
    contact_id: r.contact_id,
    question_id: r.question_id,
    kind: r.kind,
    value: r.value,
    answered_at: r.answered_at.toISOString(),
  };
}

export const listExperienceAnswers = createRoute({
  operationId: 'listExperienceAnswers',
  method: 'get',
  path: '/api/v1/experiences/{experienceId}/answers',
  tags: ['Experiences'],
  summary: 'List the answers of a survey',
  description:
    'One row per session and question: the latest answer (answering again replaces it). Newest first; data ' +
    'before meta. Another type’s experience has none. Ability `experiences:read`; dark (404) while ' +
    'feature.experiences.core is off; an unknown or foreign id: 404.',
  security: API_KEY,
  request: {
    params: z.object({ experienceId: ulidParam('experienceId', 'surveyId') }),
    query: strictObject({ ...pageQuery(200, 50) }),
  },
  responses: {
    200: {
      description: 'A page of answers.',
      content: json(pageOf(SurveyAnswerRow, { dataFirst: true }), {
        data: [
          {
            session_id: EXAMPLE_ID.surveySessionId,
            contact_id: EXAMPLE_ID.contactId,
            question_id: 'recommend',
            kind: 'nps',
            value: 9,
            answered_at: EXAMPLE_TIME,
          },
        ],
        meta: { next_cursor: null },
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});
