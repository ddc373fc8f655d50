import { createRoute, z } from '@hono/zod-openapi';
import {
  EXPERIENCE_TYPES,
  type Experience as ExperienceRecord,
} from '../../server-core/experiences/experience';
import type {
  LedgerEntry as LedgerRecord,
  ProgressRow as ProgressRecord,
} from '../../server-core/experiences/read-experiences';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, Ulid, ulidParam } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_PAGE_URL, EXAMPLE_TIME } from './examples';
import { API_KEY } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/** In-app experiences, their progress rows and a contact's ledger (spec section 2, Experience). */

const TAG = 'Experiences';
const ExperienceType = z.enum(['tour', 'program', 'launcher', 'banner', 'announcement', 'survey', 'tracker']);

export const Experience = z
  .object({
    id: Ulid,
    type: ExperienceType,
    name: z.string(),
    slug: z.string(),
    status: z.enum(['draft', 'published', 'archived']),
    live_version_id: Ulid.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .openapi('Experience');

const exampleExperience: z.output<typeof Experience> = {
  id: EXAMPLE_ID.experienceId,
  type: 'tour',
  name: 'Store tour',
  slug: 'store-tour',
  status: 'published',
  live_version_id: EXAMPLE_ID.versionId,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
};

export function experienceJson(e: ExperienceRecord) {
  return {
    id: e.id,
    type: e.type,
    name: e.name,
    slug: e.slug,
    status: e.status,
    live_version_id: e.live_version_id,
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}

export const ProgressRow = z
  .object({
    session_id: Ulid.openapi({ description: 'For session-less types, the id of the seen marker.' }),
    contact_id: Ulid.nullable(),
    contact_name: z.string().nullable(),
    contact_email: z.string().nullable(),
    widget_visitor_id: z.string().nullable(),
    version_id: Ulid.nullable().openapi({ description: 'Null for session-less types.' }),
    state: z.enum(['active', 'completed', 'ended']),
    end_reason: z.string().nullable(),
    progress: z.number(),
    items_done: z.number().int(),
    items_total: z.number().int(),
    current_step_cvid: z.string().nullable(),
    started_at: DateTime,
    ended_at: DateTime.nullable(),
    last_url: z.string().nullable(),
    feedback_rating: z.number().int().min(1).max(5).nullable().openapi({
      description:
        'The end-of-tour rating (1-5) given with completion; null when none was given, and for other types.',
    }),
    feedback_comment: z
      .string()
      .nullable()
      .openapi({
        description:
          'The end-of-tour comment, as the person typed it (at most 1,000 characters); null when none. Only here: ' +
          'webhooks carry the rating, never the comment.',
      }),
  })
  .openapi('ExperienceProgressRow');

const exampleProgressRow: z.output<typeof ProgressRow> = {
  session_id: EXAMPLE_ID.sessionId,
  contact_id: EXAMPLE_ID.contactId,
  contact_name: EXAMPLE_DEMO.contactName,
  contact_email: EXAMPLE_DEMO.contactEmail,
  widget_visitor_id: null,
  version_id: EXAMPLE_ID.versionId,
  state: 'completed',
  end_reason: 'completed',
  progress: 1,
  items_done: 0,
  items_total: 0,
  current_step_cvid: 'help',
  started_at: EXAMPLE_TIME,
  ended_at: EXAMPLE_LATER,
  last_url: EXAMPLE_PAGE_URL,
  feedback_rating: 5,
  feedback_comment: 'Short and to the point.',
};

export function progressRowJson(r: ProgressRecord) {
  return {
    session_id: r.session_id,
    contact_id: r.contact_id,
    contact_name: r.contact_name,
    contact_email: r.contact_email,
    widget_visitor_id: r.widget_visitor_id,
    version_id: r.version_id,
    state: r.state,
    end_reason: r.end_reason,
    progress: r.progress,
    items_done: r.items_done,
    items_total: r.items_total,
    current_step_cvid: r.current_step_cvid,
    started_at: r.started_at.toISOString(),
    ended_at: iso(r.ended_at),
    last_url: r.last_url,
    feedback_rating: r.feedback_rating,
    feedback_comment: r.feedback_comment,
  };
}

export const LedgerEntry = z
  .object({
    experience_id: Ulid,
    name: z.string(),
    slug: z.string(),
    type: ExperienceType,
    state: z.enum(['active', 'completed', 'dismissed', 'seen']),
    session_id: Ulid.nullable(),
    version_id: Ulid.nullable(),
    progress: z.number().nullable(),
    items_done: z.number().int().nullable(),
    items_total: z.number().int().nullable(),
    started_at: DateTime.nullable(),
    ended_at: DateTime.nullable(),
    seen_at: DateTime.nullable(),
    dismissed_at: DateTime.nullable(),
  })
  .openapi('ContactExperienceLedgerEntry');

export const exampleLedgerEntry: z.output<typeof LedgerEntry> = {
  experience_id: EXAMPLE_ID.experienceId,
  name: 'Store tour',
  slug: 'store-tour',
  type: 'tour',
  state: 'completed',
  session_id: EXAMPLE_ID.sessionId,
  version_id: EXAMPLE_ID.versionId,
  progress: 1,
  items_done: 0,
  items_total: 0,
  started_at: EXAMPLE_TIME,
  ended_at: EXAMPLE_LATER,
  seen_at: null,
  dismissed_at: null,
};

export function ledgerEntryJson(e: LedgerRecord) {
  return {
    experience_id: e.experience_id,
    name: e.name,
    slug: e.slug,
    type: e.type,
    state: e.state,
    session_id: e.session_id,
    version_id: e.version_id,
    progress: e.progress,
    items_done: e.items_done,
    items_total: e.items_total,
    started_at: iso(e.started_at),
    ended_at: iso(e.ended_at),
    seen_at: iso(e.seen_at),
    dismissed_at: iso(e.dismissed_at),
  };
}

const DARK = 'Ability `experiences:read`; dark (404) while feature.experiences.core is off.';
const experienceParams = z.object({ experienceId: ulidParam('experienceId') });

export const listExperiences = createRoute({
  operationId: 'listExperiences',
  method: 'get',
  path: '/api/v1/experiences',
  tags: [TAG],
  summary: 'List in-app experiences',
  description: `Newest first; data before meta. ${DARK}`,
  security: API_KEY,
  request: {
    query: strictObject({
      ...pageQuery(),
      type: z
        .enum(EXPERIENCE_TYPES)
        .optional()
        .openapi({ param: { example: 'tour' } }),
      status: z.enum(['draft', 'published', 'archived']).optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of experiences.',
      content: json(pageOf(Experience, { dataFirst: true }), {
        data: [exampleExperience],
        meta: { next_cursor: null },
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});

export const getExperience = createRoute({
  operationId: 'getExperience',
  method: 'get',
  path: '/api/v1/experiences/{experienceId}',
  tags: [TAG],
  summary: 'Get an experience',
  description: DARK,
  security: API_KEY,
  request: { params: experienceParams },
  responses: {
    200: {
      description: 'The experience.',
      content: json(z.object({ data: Experience }), { data: exampleExperience }),
    },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const listExperienceProgress = createRoute({
  operationId: 'listExperienceProgress',
  method: 'get',
  path: '/api/v1/experiences/{experienceId}/progress',
  tags: [TAG],
  summary: 'List progress rows of an experience',
  description:
    'One row per session for tours, programs and surveys; one per seen marker for launchers, banners and ' +
    `announcements (state completed, or ended with end_reason dismissed). Newest first; data before meta. ${DARK}`,
  security: API_KEY,
  request: {
    params: experienceParams,
    query: strictObject({
      ...pageQuery(200, 50),
      state: z.enum(['active', 'completed', 'ended']).optional(),
      contact_id: Ulid.optional(),
    }),
  },
  responses: {
    200: {
      description: 'A page of progress rows.',
      content: json(pageOf(ProgressRow, { dataFirst: true }), {
        data: [exampleProgressRow],
        meta: { next_cursor: null },
      }),
    },
    ...errorResponses(401, 403, 404, 422, 429),
  },
});
