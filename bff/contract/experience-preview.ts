import { createRoute, z } from '@hono/zod-openapi';
import { MAX_PAGE_URL_CHARS } from '../../server-core/experiences/decision/decide-experiences';
import type { ExperiencePreview } from '../../server-core/experiences/preview/create-experience-preview';
import { PREVIEW_PARAM, PREVIEW_TTL_MS } from '../../server-core/experiences/preview/preview-token';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID } from './examples';
import { NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/**
 * The preview link of an experience's draft (docs/decisions/experiences.md#the-preview-link): the target
 * page with a short-lived signed token the widget takes from the address bar and keeps for its tab.
 */

const MINUTES = PREVIEW_TTL_MS / 60_000;
const EXAMPLE_TARGET = 'https://docs.example.com/settings?tab=billing';
const EXAMPLE_TOKEN = `${EXAMPLE_ID.experienceId}.1793536200.q1VZr0wN3bS7kYdPp5m2xHcA9uTfLgE6oJiR4sWvKzQ`;

/** The header the widget sends while a preview is on for its tab: the token of the link. */
export const PREVIEW_HEADER = 'X-Widget-Preview';

/** The preview header as the widget experience operations declare it (optional; a bad one is no preview). */
export const previewHeaders = () =>
  z.object({
    [PREVIEW_HEADER]: z
      .string()
      .optional()
      .openapi({
        description:
          'The token of a createExperiencePreview link, sent by the widget of a tab opened with it: the ' +
          "previewed draft is forced into the decision and served to the tab, and the tab's writes for it " +
          '(under the experience id as version id) are answered and never stored. A missing, malformed, ' +
          "forged, expired or other workspace's token is no preview.",
      }),
  });

const PreviewRequest = strictObject({
  url: z
    .string()
    .max(MAX_PAGE_URL_CHARS)
    .openapi({
      description:
        'The page to open: an absolute http(s) URL whose host a verified domain of the workspace covers ' +
        '(itself or a subdomain), the rule automation runs by.',
      example: EXAMPLE_TARGET,
    }),
}).openapi('ExperiencePreviewRequest');

const Preview = z
  .object({
    experience_id: Ulid,
    url: z.string().openapi({
      description:
        `The page with \`${PREVIEW_PARAM}=<token>\` first in its query (the rest kept byte for byte). The ` +
        'widget takes the token on load, removes it from the address bar and keeps it for that browser tab ' +
        '(sessionStorage) until it expires or the person ends the preview.',
      example: `https://docs.example.com/settings?${PREVIEW_PARAM}=${EXAMPLE_TOKEN}&tab=billing`,
    }),
    expires_at: DateTime.openapi({
      description: `When the link stops working: ${MINUTES} minutes after it was made.`,
      example: '2026-11-01T12:30:00.000Z',
    }),
  })
  .openapi('ExperiencePreview');

export function previewJson(p: ExperiencePreview): z.output<typeof Preview> {
  return { experience_id: p.experience_id, url: p.url, expires_at: p.expires_at.toISOString() };
}

export const createExperiencePreview = createRoute({
  operationId: 'createExperiencePreview',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/experiences/{experienceId}/preview',
  tags: ['Experience authoring'],
  summary: "A link that opens a page with the experience's draft forced for that browser tab",
  description:
    'Works for a draft never published and for the current draft of a published experience, of every type ' +
    'the widget shows (tour, program, survey, launcher, banner, announcement). The widget on the page opened ' +
    'with the link shows the draft whatever its targeting, window and frequency, and whatever the ' +
    '`widget:qa` control says; a tour, survey or popup announcement takes the intrusive slot. Nothing the ' +
    'preview does is recorded: no session, seen marker, answer, contact attribute or webhook event. The ' +
    `link works for ${MINUTES} minutes, only with this workspace's widget, only for this experience; making ` +
    'one is audited (experience.preview_created, with the page host, never the link). ' +
    'Permission `experiences.manage`; 404 while feature.experiences.core is off. 422 validation_failed on ' +
    '`url` (not http(s), or a host no verified domain covers) or on `experience` (a tracker, an archived ' +
    'experience, or a draft with nothing to show yet).',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ experienceId: ulidParam('experienceId') }),
    body: jsonBody(PreviewRequest, { url: EXAMPLE_TARGET }),
  },
  responses: {
    201: {
      description: 'The preview link.',
      headers: NO_STORE,
      content: json(z.object({ data: Preview }), {
        data: {
          experience_id: EXAMPLE_ID.experienceId,
          url: `https://docs.example.com/settings?${PREVIEW_PARAM}=${EXAMPLE_TOKEN}&tab=billing`,
          expires_at: '2026-11-01T12:30:00.000Z',
        },
      }),
    },
    ...errorResponses(401, 403, 404, 415, 422),
  },
});
