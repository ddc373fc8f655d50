import { createRoute, z } from '@hono/zod-openapi';
import { SHARE_MODES } from '../../server-core/content/audience';
import type { Guide } from '../../server-core/content/guide';
import { MAX_STEPS } from '../../server-core/content/step-limits';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { CONTENT_PERMISSION, CONTENT_TAG, ContentStatus, nullableStr } from './content-fields';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { exampleStep, StepInputSchema, StepSchema } from './guide-steps';
import { API_KEY, idempotencyHeaders, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** Guides: captured how-tos with their steps (spec section 2, Guide). */

const Color = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/)
  .openapi({ example: '#1f6feb' });
const BrandInput = strictObject({
  primary_color: Color.nullable().default(null),
  secondary_color: Color.nullable().default(null),
  marker_style: nullableStr(32).default(null),
  font: nullableStr(100).default(null),
});
const CaptureInput = strictObject({
  source: nullableStr(64).default(null),
  platform: nullableStr(64).default(null),
  narrated: z.boolean().default(false),
});
const Language = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/)
  .openapi({ description: 'A BCP 47 language tag.', example: 'en' });

export const GuideSchema = z
  .object({
    id: Ulid,
    title: z.string(),
    description: z.string().nullable(),
    status: ContentStatus,
    share_mode: z.enum(SHARE_MODES).openapi({
      description: 'Who may read it: public (anyone), customers, private (the workspace; audience internal).',
    }),
    step_count: z.number().int(),
    language: z.string(),
    verified_at: DateTime.nullable(),
    published_at: DateTime.nullable(),
    created_at: DateTime,
    updated_at: DateTime,
    steps: z.array(StepSchema),
    brand_profile_id: z.string().nullable(),
    brand: z
      .object({
        primary_color: z.string().nullable(),
        secondary_color: z.string().nullable(),
        marker_style: z.string().nullable(),
        font: z.string().nullable(),
        brand_profile_id: z.string().nullable(),
      })
      .nullable(),
    capture_session_id: z.string().nullable(),
    capture: z
      .object({ source: z.string().nullable(), platform: z.string().nullable(), narrated: z.boolean() })
      .nullable(),
  })
  .openapi('Guide');

export const exampleGuide: z.output<typeof GuideSchema> = {
  id: EXAMPLE_ID.guideId,
  title: 'Invite a teammate',
  description: 'Give a colleague access to your account.',
  status: 'published',
  share_mode: 'customers',
  step_count: 1,
  language: 'en',
  verified_at: null,
  published_at: EXAMPLE_TIME,
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
  steps: [exampleStep],
  brand_profile_id: null,
  brand: null,
  capture_session_id: null,
  capture: null,
};

/** The Guide shape of spec section 2 (plus share_mode and published_at), for the portal and the public API. */
export function guideJson(g: Guide) {
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    status: g.status,
    share_mode: g.share_mode,
    step_count: g.steps.length,
    language: g.language,
    verified_at: iso(g.verified_at),
    published_at: iso(g.published_at),
    created_at: g.created_at.toISOString(),
    updated_at: g.updated_at.toISOString(),
    steps: g.steps,
    brand_profile_id: g.brand_profile_id,
    brand: g.brand ? { ...g.brand, brand_profile_id: g.brand_profile_id } : null,
    capture_session_id: g.capture_session_id,
    capture: g.capture,
  };
}

const guideFields = {
  title: z.string().trim().min(1).max(200),
  description: nullableStr(2000),
  share_mode: z.enum(SHARE_MODES),
  language: Language,
  brand_profile_id: nullableStr(64),
  brand: BrandInput.nullable(),
  capture_session_id: nullableStr(64),
  capture: CaptureInput.nullable(),
  steps: z.array(StepInputSchema).max(MAX_STEPS),
};

export const CreateGuideRequest = strictObject({
  title: guideFields.title,
  description: guideFields.description.default(null),
  share_mode: guideFields.share_mode.default('customers'),
  language: guideFields.language.default('en'),
  brand_profile_id: guideFields.brand_profile_id.default(null),
  brand: guideFields.brand.default(null),
  capture_session_id: guideFields.capture_session_id.default(null),
  capture: guideFields.capture.default(null),
  steps: guideFields.steps.default([]),
}).openapi('CreateGuideRequest');

export const UpdateGuideRequest = strictObject({
  title: guideFields.title.optional(),
  description: guideFields.description.optional(),
  share_mode: guideFields.share_mode.optional(),
  language: guideFields.language.optional(),
  brand_profile_id: guideFields.brand_profile_id.optional(),
  brand: guideFields.brand.optional(),
  capture_session_id: guideFields.capture_session_id.optional(),
  capture: guideFields.capture.optional(),
  steps: guideFields.steps
    .optional()
    .openapi({ description: 'Replaces every step; a step keeps its id when it names one of this guide.' }),
}).openapi('UpdateGuideRequest');

const GuideResponse = z.object({ data: GuideSchema });
const guideParams = workspaceParams.extend({ guideId: ulidParam('guideId') });

export const getGuide = createRoute({
  operationId: 'getGuide',
  method: 'get',
  path: '/api/v1/guides/{guideId}',
  tags: ['Guides'],
  summary: 'Read a published guide with its steps',
  description:
    'Only published guides whose share-mode audience the key may see: private guides (audience internal) need ' +
    '`retrieval:internal`; anything else answers 404 like an unknown id. Ability `guides:read`.',
  security: API_KEY,
  request: { params: z.object({ guideId: ulidParam('guideId') }) },
  responses: {
    200: { description: 'The guide.', content: json(GuideResponse, { data: exampleGuide }) },
    ...errorResponses(401, 403, 404, 429),
  },
});

export const createGuide = createRoute({
  operationId: 'createGuide',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/guides',
  tags: [CONTENT_TAG],
  summary: 'Create a guide with its steps (a draft)',
  description: `Steps are numbered 1..n in list order. share_mode defaults to customers. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(CreateGuideRequest, {
      title: 'Invite a teammate',
      description: 'Give a colleague access to your account.',
      steps: [
        {
          type: 'click',
          text: 'Open Account settings from the menu in the top right corner.',
          element: {
            selector_candidates: ['[data-test=account-menu]', 'header nav button:nth-of-type(3)'],
            role: 'button',
            name: 'Account settings',
            tag: 'button',
            bounding_box: { x: 1180, y: 12, w: 88, h: 32 },
            nearest_landmark: 'banner',
          },
        },
      ],
    }),
  },
  responses: {
    201: {
      description: 'Created as a draft.',
      content: json(GuideResponse, {
        data: { ...exampleGuide, status: 'draft', published_at: null },
      }),
    },
    ...errorResponses(401, 403, 413, 415, 422),
  },
});

export const updateGuide = createRoute({
  operationId: 'updateGuide',
  method: 'patch',
  path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}',
  tags: [CONTENT_TAG],
  summary: 'Change a guide (steps included)',
  description:
    'Omitted fields are left alone; `steps` replaces the whole list (a step keeps its id when it names one of ' +
    'this guide: 422 unknown_step_id otherwise). A published guide is re-indexed in the same transaction; an ' +
    `edit announces nothing. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: {
    params: guideParams,
    body: jsonBody(UpdateGuideRequest, { description: 'Give a colleague access to your Acme account.' }),
  },
  responses: {
    200: {
      description: 'The guide as it is now.',
      content: json(GuideResponse, {
        data: {
          ...exampleGuide,
          description: 'Give a colleague access to your Acme account.',
          updated_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 413, 415, 422),
  },
});

export const publishGuide = createRoute({
  operationId: 'publishGuide',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}/publish',
  tags: [CONTENT_TAG],
  summary: 'Publish a guide',
  description:
    'Indexes it (one chunk per step, anchor step-<seq>; audience from share_mode: public→public, ' +
    'customers→customers, private→internal) and sends content.published, in one transaction. Publishing a ' +
    `published guide answers 200 unchanged and sends nothing. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: guideParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The published guide.',
      content: json(GuideResponse, {
        data: { ...exampleGuide, published_at: EXAMPLE_LATER, updated_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const unpublishGuide = createRoute({
  operationId: 'unpublishGuide',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/guides/{guideId}/unpublish',
  tags: [CONTENT_TAG],
  summary: 'Unpublish a guide',
  description:
    'Back to draft; its chunks are removed and content.retracted is sent, in one transaction. A guide that is ' +
    `not published answers 200 unchanged and sends nothing. ${CONTENT_PERMISSION}`,
  security: PORTAL_SESSION,
  request: { params: guideParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The guide, now a draft.',
      content: json(GuideResponse, {
        data: { ...exampleGuide, status: 'draft', published_at: null, updated_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
