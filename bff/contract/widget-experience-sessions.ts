import { createRoute, z } from '@hono/zod-openapi';
import {
  DEFINITION_ID,
  DEFINITION_LIMITS,
  END_REASONS,
  PROGRAM_ITEM_STATES,
} from '../../server-core/experiences/definition';
import type { ItemMove } from '../../server-core/experiences/move-program-item';
import { SESSION_TRIGGERS, type Session } from '../../server-core/experiences/session';
import type { WidgetTour } from '../../server-core/experiences/widget-tour';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_PAGE_URL } from './examples';
import { TourContentSchema, TourStepSchema } from './experience-definitions';
import { exampleStoreTour, exampleTourSession, exampleTourSteps } from './experience-examples';
import { previewHeaders } from './experience-preview';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * Tours and sessions from the widget (docs/decisions/experiences.md, Sessions and program items): the
 * tour to play, opening a session on a live version, advancing or ending it, moving program items.
 * Never consent-gated (spec widget.md section 5: functional writes).
 */

const DARK =
  '404 while feature.experiences.core is off, and for an unpublished or foreign experience, version or session ' +
  '(another visitor’s session included; the same verified contact in another browser may use it).';

const PageUrl = z
  .string()
  .min(1)
  .max(DEFINITION_LIMITS.linkChars)
  .openapi({ description: 'The page the widget is on.', example: EXAMPLE_PAGE_URL });

export const WidgetSession = z
  .object({
    id: Ulid,
    experience_id: Ulid,
    version_id: Ulid,
    state: z.enum(['active', 'completed', 'ended']),
    end_reason: z
      .string()
      .nullable()
      .openapi({ description: 'completed, dismissed, skipped, target_missing, unpublished or restarted.' }),
    current_step_id: z.string().nullable(),
    progress: z
      .number()
      .openapi({ description: 'Tours: (step index + 1) / steps; programs: items done / items.' }),
    started_at: DateTime,
    ended_at: DateTime.nullable(),
  })
  .openapi('WidgetExperienceSession');

export function sessionJson(s: Session) {
  return {
    id: s.id,
    experience_id: s.experience_id,
    version_id: s.version_id,
    state: s.state,
    end_reason: s.end_reason,
    current_step_id: s.current_step_id,
    progress: s.progress,
    started_at: s.started_at.toISOString(),
    ended_at: iso(s.ended_at),
  };
}

const WidgetTourSchema = z
  .object({
    experience_id: Ulid,
    version_id: Ulid,
    name: z.string(),
    slug: z.string(),
    steps: z.array(TourStepSchema),
    feedback: TourContentSchema.shape.feedback,
  })
  .openapi('WidgetTour');

export function tourJson(t: WidgetTour) {
  return { ...t };
}

const SessionResponse = z.object({ data: WidgetSession });
const versionParams = z.object({ versionId: ulidParam('versionId') });
const sessionParams = versionParams.extend({ sessionId: ulidParam('sessionId') });
/** The same parameters, their examples a program's version and session (its items move). */
const programSessionParams = z.object({
  versionId: ulidParam('versionId', 'programVersionId'),
  sessionId: ulidParam('sessionId', 'programSessionId'),
});

/** The demo's onboarding program session of a visitor: one item of five done. */
const exampleProgramSession: z.output<typeof WidgetSession> = {
  id: EXAMPLE_ID.programSessionId,
  experience_id: EXAMPLE_ID.programId,
  version_id: EXAMPLE_ID.programVersionId,
  state: 'active',
  end_reason: null,
  current_step_id: null,
  progress: 0.2,
  started_at: exampleTourSession.started_at,
  ended_at: null,
};

export const widgetGetTour = createRoute({
  operationId: 'widgetGetTour',
  method: 'get',
  path: '/widget/experiences/tours/{experienceId}',
  tags: [WIDGET_TAG],
  summary: 'A published tour to play',
  description:
    'The live version, or with version_id an older one this person has an active session on (a tour in ' +
    `progress finishes the version it started). ${DARK}`,
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    params: z.object({ experienceId: ulidParam('experienceId') }),
    query: strictObject({ version_id: Ulid.optional() }),
  },
  responses: {
    200: {
      description: 'The tour.',
      content: json(z.object({ data: WidgetTourSchema }), {
        data: {
          experience_id: exampleStoreTour.id,
          version_id: EXAMPLE_ID.versionId,
          name: exampleStoreTour.name,
          slug: exampleStoreTour.slug,
          steps: exampleTourSteps,
          feedback: { enabled: true, question: 'How was this tour?' },
        },
      }),
    },
    ...errorResponses(401, 404, 422),
  },
});

export const widgetOpenSession = createRoute({
  operationId: 'widgetOpenSession',
  method: 'post',
  path: '/widget/experiences/{versionId}/sessions',
  tags: [WIDGET_TAG],
  summary: 'Open a session of a tour, program or survey',
  description:
    'On the live version of a published experience; sends experience.started (trigger: auto for an ' +
    'auto-start, start for Widget.experiences.start, program for a tour opened from a program item). A ' +
    'program this person already has an active or completed session of answers 200 with that session; a ' +
    'new tour or survey session ends the person’s running one of the same experience (end_reason ' +
    `restarted). Launchers, banners, announcements and trackers have no sessions: 409 not_sessioned. ${DARK}`,
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    params: versionParams,
    body: jsonBody(
      strictObject({ url: PageUrl, trigger: z.enum(SESSION_TRIGGERS).default('start') }).openapi(
        'WidgetOpenSessionRequest',
      ),
      { url: EXAMPLE_PAGE_URL, trigger: 'auto' },
    ),
  },
  responses: {
    200: {
      description: 'The program session this person already has.',
      content: json(SessionResponse, { data: exampleProgramSession }),
    },
    201: { description: 'The new session.', content: json(SessionResponse, { data: exampleTourSession }) },
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

export const widgetUpdateSession = createRoute({
  operationId: 'widgetUpdateSession',
  method: 'patch',
  path: '/widget/experiences/{versionId}/sessions/{sessionId}',
  tags: [WIDGET_TAG],
  summary: 'Advance or end a session',
  description:
    'step_id: a step of the session’s version (a survey: a question), 422 otherwise; progress becomes ' +
    '(index + 1) / steps. end: completed (tours and surveys; a program completes through its items), ' +
    'dismissed, skipped or target_missing; only completion sends experience.completed, with the feedback ' +
    `rating. feedback comes with end: completed on a tour. A session that already ended answers as it is. ${DARK}`,
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    params: sessionParams,
    body: jsonBody(
      strictObject({
        url: PageUrl.optional(),
        step_id: z.string().regex(DEFINITION_ID).optional().openapi({
          description: 'The step now shown (its id, the step_cvid of progress rows).',
          example: 'products',
        }),
        end: z.enum(END_REASONS).optional(),
        feedback: strictObject({
          rating: z.number().int().min(1).max(5),
          comment: z.string().max(DEFINITION_LIMITS.feedbackCommentChars).nullable().optional(),
        })
          .optional()
          .openapi({
            description:
              'The end-of-tour answer: stored on the session; the rating goes out with experience.completed.',
          }),
      }).openapi('WidgetUpdateSessionRequest'),
      { url: EXAMPLE_PAGE_URL, step_id: 'products' },
    ),
  },
  responses: {
    200: {
      description: 'The session as it is now.',
      content: json(SessionResponse, {
        data: { ...exampleTourSession, current_step_id: 'products', progress: 0.5 },
      }),
    },
    ...errorResponses(401, 404, 415, 422),
  },
});

export const widgetMoveProgramItem = createRoute({
  operationId: 'widgetMoveProgramItem',
  method: 'post',
  path: '/widget/experiences/{versionId}/sessions/{sessionId}/items/{itemId}',
  tags: [WIDGET_TAG],
  summary: 'Move a program item',
  description:
    'Any state to any other, except out of done (409 program_item_done); done sends program.item_completed; ' +
    'when every item is done or skipped the session completes (experience.completed). The person’s other ' +
    'widgets hear of the move over the realtime socket. An item the version does not have: 404; a session ' +
    `that ended: 409 session_not_active. ${DARK}`,
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    params: programSessionParams.extend({
      itemId: z
        .string()
        .regex(DEFINITION_ID)
        .openapi({ param: { name: 'itemId', in: 'path', example: 'add-to-cart' }, example: 'add-to-cart' }),
    }),
    body: jsonBody(
      strictObject({ state: z.enum(PROGRAM_ITEM_STATES) }).openapi('WidgetMoveProgramItemRequest'),
      { state: 'done' },
    ),
  },
  responses: {
    200: {
      description: 'The item and the program’s counts.',
      content: json(
        z.object({
          data: z
            .object({
              item_id: z.string(),
              state: z.enum(PROGRAM_ITEM_STATES),
              done: z.number().int(),
              total: z.number().int(),
              progress: z.number(),
            })
            .openapi('WidgetProgramItemMove'),
        }),
        { data: { item_id: 'add-to-cart', state: 'done', done: 1, total: 5, progress: 0.2 } },
      ),
    },
    ...errorResponses(401, 404, 409, 415, 422),
  },
});

export function itemMoveJson(m: ItemMove) {
  return { ...m };
}
