import { createRoute, z } from '@hono/zod-openapi';
import type { SurveyAnswer } from '../../server-core/experiences/answer-survey';
import { DEFINITION_ID } from '../../server-core/experiences/definition';
import { errorResponses } from '../openapi/schemas';
import { json, jsonBody, ulidParam } from './common';
import { previewHeaders } from './experience-preview';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/** One answer of a survey session, posted as given (docs/decisions/experiences.md, Part 2). */

export const AnswerValue = z
  .union([z.number(), z.string(), z.array(z.string())])
  .openapi('SurveyAnswerValue', {
    description:
      'nps: an integer 0-10; rating: 1-5; scale: an integer in its range; choice: one option id, or (multiple) ' +
      'an array of distinct option ids; freetext: a text of at most 2,000 characters.',
    example: 9,
  });

export function answerJson(a: SurveyAnswer) {
  return { question_id: a.question_id, value: a.value, completed: a.completed };
}

export const widgetAnswerSurvey = createRoute({
  operationId: 'widgetAnswerSurvey',
  method: 'post',
  path: '/widget/experiences/{versionId}/sessions/{sessionId}/answers',
  tags: [WIDGET_TAG],
  summary: 'Answer a survey question',
  description:
    'Stores the answer (answering again replaces it). A question naming a contact attribute files the value ' +
    'under it for a verified contact (choice: the option labels, comma-separated; freetext: its first 1,000 ' +
    'characters); an anonymous visitor’s answer stays on the answer. The answer that leaves no question ' +
    'unanswered completes the session (experience.completed, once). A question the version does not have, or ' +
    'a value its kind refuses: 422. A session that ended: 409 session_not_active. 404 while ' +
    'feature.experiences.core is off, and for a session that is not this person’s or not a survey’s.',
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    params: z.object({
      versionId: ulidParam('versionId', 'surveyVersionId'),
      sessionId: ulidParam('sessionId', 'surveySessionId'),
    }),
    body: jsonBody(
      strictObject({
        question_id: z.string().regex(DEFINITION_ID).openapi({ example: 'recommend' }),
        value: AnswerValue,
      }).openapi('WidgetAnswerSurveyRequest'),
      { question_id: 'recommend', value: 9 },
    ),
  },
  responses: {
    200: {
      description: 'The answer stored, and whether the session completed with it.',
      content: json(
        z.object({
          data: z
            .object({ question_id: z.string(), value: AnswerValue, completed: z.boolean() })
            .openapi('WidgetSurveyAnswer'),
        }),
        { data: { question_id: 'recommend', value: 9, completed: false } },
      ),
    },
    ...errorResponses(401, 404, 409, 415, 422),
  },
});
