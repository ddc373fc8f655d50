import { createRoute, z } from '@hono/zod-openapi';
import type {
  AuthoredExperience,
  ExperienceListItem,
} from '../../server-core/experiences/authored-experience';
import { DEFINITION_LIMITS, type Definition } from '../../server-core/experiences/definition';
import { EXPERIENCE_TYPES } from '../../server-core/experiences/experience';
import { EXPERIENCE_SLUG } from '../../server-core/experiences/experience-slug';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, ulidParam } from './common';
import { EXAMPLE_LATER } from './examples';
import {
  AnnouncementDefinition,
  AnyDefinition,
  BannerDefinition,
  DEFINITION_REFS,
  LauncherDefinition,
  ProgramDefinition,
  SurveyDefinition,
  TourDefinition,
  TrackerDefinition,
} from './experience-definitions';
import {
  exampleStoreTour,
  exampleTourDefinition,
  exampleTourDraftRequest,
  exampleTourSteps,
} from './experience-examples';
import { Experience, experienceJson } from './experiences';
import { idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/**
 * Authoring in-app experiences from the portal (docs/decisions/experiences.md, Authoring operations):
 * drafts checked in full on every save, publish freezes a version, unpublish and archive end the running
 * sessions.
 */

const TAG = 'Experience authoring';
const RULES =
  'Permission `experiences.manage`; 404 while feature.experiences.core is off. A bad draft is 422 ' +
  'validation_failed whose issues name each field (e.g. `draft.content.steps.2.target.selector`).';

export const PortalExperience = Experience.extend({
  archived_at: DateTime.nullable(),
  draft: AnyDefinition.openapi({
    description: "The definition being edited, of the experience's type; every id is set.",
  }),
  published_definition: AnyDefinition.nullable().openapi({
    description: 'The definition of the live version; null while nothing is live.',
  }),
}).openapi('PortalExperience');

export const PortalExperienceListItem = Experience.extend({ archived_at: DateTime.nullable() }).openapi(
  'PortalExperienceListItem',
);

/** A stored definition on the wire: the member of AnyDefinition its experience's type names. */
const definitionJson = (d: Definition) => d as unknown as z.output<typeof AnyDefinition>;

export function portalExperienceJson(e: AuthoredExperience) {
  return {
    ...experienceJson(e),
    archived_at: iso(e.archived_at),
    draft: definitionJson(e.draft),
    published_definition: e.published_definition && definitionJson(e.published_definition),
  };
}

export function portalListItemJson(e: ExperienceListItem) {
  return { ...experienceJson(e), archived_at: iso(e.archived_at) };
}

const Name = z.string().trim().min(1).max(DEFINITION_LIMITS.nameChars).openapi({ example: 'Store tour' });
const Slug = z.string().regex(EXPERIENCE_SLUG).openapi({
  description: 'Unique in the workspace; derived from the name when left out.',
  example: 'store-tour',
});

const createBody = <T extends (typeof EXPERIENCE_TYPES)[number], D extends z.ZodType>(type: T, draft: D) =>
  strictObject({ type: z.literal(type), name: Name, slug: Slug.optional(), draft });
const Capitalised = (t: string) => t[0]!.toUpperCase() + t.slice(1);
const named = <S extends z.ZodType>(type: string, schema: S) =>
  schema.openapi(`Create${Capitalised(type)}ExperienceRequest`);

export const CreateExperienceRequest = z.discriminatedUnion('type', [
  named('tour', createBody('tour', TourDefinition.optional())),
  named('program', createBody('program', ProgramDefinition.optional())),
  named('launcher', createBody('launcher', LauncherDefinition)),
  named('banner', createBody('banner', BannerDefinition)),
  named('announcement', createBody('announcement', AnnouncementDefinition)),
  named('survey', createBody('survey', SurveyDefinition.optional())),
  named('tracker', createBody('tracker', TrackerDefinition)),
]);

export const UpdateExperienceRequest = strictObject({
  name: Name.optional(),
  slug: Slug.optional(),
  draft: z
    .unknown()
    .optional()
    .openapi({
      anyOf: DEFINITION_REFS,
      description:
        "Replaces the whole draft: the definition of the experience's type (TourDefinition for a tour, and " +
        'so on). Steps, sections, items and questions keep the ids they are sent with.',
    }),
}).openapi('UpdateExperienceRequest');

const ExperienceResponse = z.object({ data: PortalExperience });

/** The demo store's tour as the portal reads it: published, its draft what went live. */
const examplePortalTour: z.output<typeof PortalExperience> = {
  ...exampleStoreTour,
  archived_at: null,
  draft: exampleTourDefinition,
  published_definition: exampleTourDefinition,
};

/** The update example: the first step says how long the tour takes. */
const FIRST_STEP = 'products';
const WELCOME_BODY = 'Three stops around the demo store, under a minute. Add anything to your cart.';
const editedDraft = {
  ...exampleTourDefinition,
  content: {
    ...exampleTourDefinition.content,
    steps: exampleTourSteps.map((s) => (s.id === FIRST_STEP ? { ...s, body: WELCOME_BODY } : s)),
  },
};
const experienceParams = workspaceParams.extend({ experienceId: ulidParam('experienceId') });

export const createExperience = createRoute({
  operationId: 'createExperience',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/experiences',
  tags: [TAG],
  summary: 'Create an experience (a draft)',
  description:
    'The body names the type; the draft is that type’s definition (tours, programs and surveys may leave it ' +
    `out). Missing ids of steps, sections, items and questions are assigned. ${RULES}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(CreateExperienceRequest, {
      type: 'tour',
      name: 'Store tour',
      draft: exampleTourDraftRequest,
    }),
  },
  responses: {
    201: {
      description: 'Created as a draft.',
      content: json(ExperienceResponse, {
        data: {
          ...examplePortalTour,
          status: 'draft',
          live_version_id: null,
          published_definition: null,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 409, 413, 415, 422),
  },
});

export const listWorkspaceExperiences = createRoute({
  operationId: 'listWorkspaceExperiences',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/experiences',
  tags: [TAG],
  summary: 'List the workspace’s experiences, archived ones included',
  description: `Newest first; each item is the summary and archived_at (read one for its draft). ${RULES}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    query: strictObject({
      ...pageQuery(),
      type: z.enum(EXPERIENCE_TYPES).optional(),
      status: z.enum(['draft', 'published', 'archived']).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of experiences.',
      content: json(pageOf(PortalExperienceListItem), {
        meta: { next_cursor: null },
        data: [{ ...exampleStoreTour, archived_at: null }],
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getWorkspaceExperience = createRoute({
  operationId: 'getWorkspaceExperience',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}',
  tags: [TAG],
  summary: 'Read an experience with its draft and live definition',
  description: RULES,
  security: PORTAL_SESSION,
  request: { params: experienceParams },
  responses: {
    200: { description: 'The experience.', content: json(ExperienceResponse, { data: examplePortalTour }) },
    ...errorResponses(401, 403, 404),
  },
});

export const updateExperience = createRoute({
  operationId: 'updateExperience',
  method: 'patch',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}',
  tags: [TAG],
  summary: 'Change an experience’s name, slug or draft',
  description:
    'Omitted fields are left alone; the live version does not change until the next publish. An archived ' +
    `experience answers 409 experience_archived. ${RULES}`,
  security: PORTAL_SESSION,
  request: {
    params: experienceParams,
    body: jsonBody(UpdateExperienceRequest, {
      draft: {
        ...exampleTourDraftRequest,
        content: {
          ...exampleTourDraftRequest.content,
          steps: exampleTourDraftRequest.content!.steps!.map((s) =>
            s.id === FIRST_STEP ? { ...s, body: WELCOME_BODY } : s,
          ),
        },
      },
    }),
  },
  responses: {
    200: {
      description: 'The experience as it is now.',
      content: json(ExperienceResponse, {
        data: { ...examplePortalTour, draft: editedDraft, updated_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 409, 413, 415, 422),
  },
});

export const publishExperience = createRoute({
  operationId: 'publishExperience',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/publish',
  tags: [TAG],
  summary: 'Publish the draft as a new version',
  description:
    'Freezes the draft as a new immutable version, makes it live and sends experience.published; each ' +
    'publish makes a version, and running sessions keep the one they started on. Checks what only a publish ' +
    'can (422 with location `draft`): a tour has a step, a survey a question, a program an item; program and ' +
    'launcher tours are tours of this workspace (any status), guide items its guides. An archived experience ' +
    `answers 409 experience_archived. ${RULES}`,
  security: PORTAL_SESSION,
  request: { params: experienceParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The published experience.',
      content: json(ExperienceResponse, {
        data: {
          ...examplePortalTour,
          draft: editedDraft,
          published_definition: editedDraft,
          updated_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

export const unpublishExperience = createRoute({
  operationId: 'unpublishExperience',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/unpublish',
  tags: [TAG],
  summary: 'Unpublish an experience',
  description:
    'Back to draft with no live version; every active session ends with end_reason `unpublished` (no ' +
    'experience.completed), experience.unpublished is sent and the widgets are told over the realtime ' +
    `socket. An experience that is not published answers 200 unchanged and sends nothing. ${RULES}`,
  security: PORTAL_SESSION,
  request: { params: experienceParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The experience, now a draft.',
      content: json(ExperienceResponse, {
        data: {
          ...examplePortalTour,
          status: 'draft',
          live_version_id: null,
          published_definition: null,
          updated_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const archiveExperience = createRoute({
  operationId: 'archiveExperience',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/archive',
  tags: [TAG],
  summary: 'Archive an experience',
  description:
    'From any status; a published experience is unpublished first (sessions ended, experience.unpublished). ' +
    `Afterwards it can only be read. Archiving an archived experience answers 200 unchanged. ${RULES}`,
  security: PORTAL_SESSION,
  request: { params: experienceParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The archived experience.',
      content: json(ExperienceResponse, {
        data: {
          ...examplePortalTour,
          status: 'archived',
          live_version_id: null,
          published_definition: null,
          archived_at: EXAMPLE_LATER,
          updated_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
