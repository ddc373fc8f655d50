import { createRoute, z } from '@hono/zod-openapi';
import type { ExperienceStats } from '../../server-core/experiences/experience-stats';
import { errorResponses } from '../openapi/schemas';
import { json, Ulid, ulidParam } from './common';
import { Contact, exampleContact, listContactExperiences } from './contacts';
import { listContactEvents } from './events';
import { EXAMPLE_ID } from './examples';
import { listExperienceAnswers } from './experience-answers';
import { listExperienceProgress } from './experiences';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/**
 * The staff console's reads of contacts and of how experiences do (issue 17; docs/decisions/console-operations.md,
 * Contacts and experience insights): the public API's shapes, on the portal session. Contacts need
 * `workspace.read` (every role: whoever answers a conversation sees who asks); experience insights need
 * `experiences.manage` and are dark while feature.experiences.core is off.
 */

const CONTACTS_TAG = 'Portal: contacts';
const EXPERIENCES_TAG = 'Portal: experiences';
const READ = 'Permission `workspace.read`.';
const INSIGHTS = 'Permission `experiences.manage`; dark (404) while feature.experiences.core is off.';
const contactParams = workspaceParams.extend({ contactId: ulidParam('contactId') });

export const listWorkspaceContacts = createRoute({
  operationId: 'listWorkspaceContacts',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/contacts',
  tags: [CONTACTS_TAG],
  summary: 'List and search contacts',
  description: `Newest first; \`q\` narrows to contacts whose email, name, phone or external id contains it. ${READ}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    query: strictObject({
      ...pageQuery(),
      q: z.string().trim().min(1).max(200).optional().openapi({ description: 'Case-insensitive substring.' }),
    }),
  },
  responses: {
    200: {
      description: 'A page of contacts.',
      content: json(pageOf(Contact), { meta: { next_cursor: null }, data: [exampleContact] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const getWorkspaceContact = createRoute({
  operationId: 'getWorkspaceContact',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/contacts/{contactId}',
  tags: [CONTACTS_TAG],
  summary: 'Read a contact with its attributes',
  description: READ,
  security: PORTAL_SESSION,
  request: { params: contactParams },
  responses: {
    200: {
      description: 'The contact.',
      content: json(z.object({ data: Contact }), { data: exampleContact }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const listWorkspaceContactEvents = createRoute({
  operationId: 'listWorkspaceContactEvents',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/contacts/{contactId}/events',
  tags: [CONTACTS_TAG],
  summary: "A contact's event timeline, newest first",
  description: `Newest first by occurred_at (ties by id). ${READ}`,
  security: PORTAL_SESSION,
  request: { params: contactParams, query: listContactEvents.request.query },
  responses: { 200: listContactEvents.responses[200], ...errorResponses(401, 403, 404, 422) },
});

export const listWorkspaceContactExperiences = createRoute({
  operationId: 'listWorkspaceContactExperiences',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/contacts/{contactId}/experiences',
  tags: [CONTACTS_TAG],
  summary: "A contact's experience ledger",
  description:
    'One entry per experience the contact met; state by precedence active > completed > dismissed > seen. ' +
    `${READ} Dark (404) while feature.experiences.core is off.`,
  security: PORTAL_SESSION,
  request: { params: contactParams },
  responses: { 200: listContactExperiences.responses[200], ...errorResponses(401, 403, 404) },
});

const experienceParams = workspaceParams.extend({ experienceId: ulidParam('experienceId') });

export const listWorkspaceExperienceProgress = createRoute({
  operationId: 'listWorkspaceExperienceProgress',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/progress',
  tags: [EXPERIENCES_TAG],
  summary: 'Progress rows of an experience',
  description:
    'One row per session for tours, programs and surveys; one per seen marker for launchers, banners and ' +
    `announcements. Newest first; data before meta. ${INSIGHTS}`,
  security: PORTAL_SESSION,
  request: { params: experienceParams, query: listExperienceProgress.request.query },
  responses: { 200: listExperienceProgress.responses[200], ...errorResponses(401, 403, 404, 422) },
});

export const listWorkspaceExperienceAnswers = createRoute({
  operationId: 'listWorkspaceExperienceAnswers',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/answers',
  tags: [EXPERIENCES_TAG],
  summary: 'The answers of a survey',
  description: `One row per session and question (the latest answer). Newest first; data before meta. ${INSIGHTS}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ experienceId: ulidParam('experienceId', 'surveyId') }),
    query: strictObject({ ...pageQuery(200, 50) }),
  },
  responses: { 200: listExperienceAnswers.responses[200], ...errorResponses(401, 403, 404, 422) },
});

const ExperienceStatsSchema = z
  .object({
    experience_id: Ulid,
    sessions: z.number().int().openapi({ description: 'Sessions opened (tours, programs, surveys).' }),
    active: z.number().int(),
    completed: z.number().int(),
    ended: z
      .number()
      .int()
      .openapi({ description: 'Sessions ended without completing (dismissed, skipped...).' }),
    seen: z.number().int().openapi({ description: 'Seen markers (launchers, banners, announcements).' }),
    dismissed: z.number().int().openapi({ description: 'Seen markers dismissed.' }),
  })
  .openapi('ExperienceStats');

export const experienceStatsJson = (s: ExperienceStats) => ({ ...s });

export const listWorkspaceExperienceStats = createRoute({
  operationId: 'listWorkspaceExperienceStats',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/experience-stats',
  tags: [EXPERIENCES_TAG],
  summary: 'Counts of every experience: sessions by state, seen and dismissed',
  description: `One row per experience that has any (none: every count 0). ${INSIGHTS}`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The counts.',
      content: json(z.object({ data: z.array(ExperienceStatsSchema) }), {
        data: [
          {
            experience_id: EXAMPLE_ID.experienceId,
            sessions: 12,
            active: 3,
            completed: 7,
            ended: 2,
            seen: 0,
            dismissed: 0,
          },
        ],
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});
