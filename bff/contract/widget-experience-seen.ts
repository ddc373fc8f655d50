import { createRoute, z } from '@hono/zod-openapi';
import { DEFINITION_LIMITS } from '../../server-core/experiences/definition';
import { BEACON_KINDS } from '../../server-core/experiences/record-beacon';
import type { SeenMarker } from '../../server-core/experiences/record-seen';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_PAGE_URL, EXAMPLE_TIME } from './examples';
import { previewHeaders } from './experience-preview';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * What the widget posts back of the session-less types (docs/decisions/experiences.md, Part 2): seen
 * markers (functional, never consent-gated) and analytics beacons (sent only after Widget.consent(true)).
 */

const PageUrl = z
  .string()
  .min(1)
  .max(DEFINITION_LIMITS.linkChars)
  .openapi({ description: 'The page the widget is on.', example: EXAMPLE_PAGE_URL });

const SeenMarkerSchema = z
  .object({
    experience_id: Ulid,
    version_id: Ulid,
    seen_at: DateTime.openapi({ description: 'The person’s first post on this version.' }),
    dismissed_at: DateTime.nullable().openapi({ description: 'A banner: when first dismissed; else null.' }),
    activations: z.number().int().openapi({
      description:
        'Posts of this person on this version (launcher activations, banner renders, announcement reads); a dismissal does not count.',
    }),
    first: z.boolean().openapi({
      description: 'This post was the person’s first of the experience (of any version): first_activation.',
    }),
  })
  .openapi('WidgetSeenMarker');

export function seenJson(m: SeenMarker) {
  return {
    experience_id: m.experience_id,
    version_id: m.version_id,
    seen_at: m.seen_at.toISOString(),
    dismissed_at: iso(m.dismissed_at),
    activations: m.activations,
    first: m.first,
  };
}

export const widgetRecordSeen = createRoute({
  operationId: 'widgetRecordSeen',
  method: 'post',
  path: '/widget/experiences/{experienceId}/seen',
  tags: [WIDGET_TAG],
  summary: 'Record a launcher activation, a banner render or dismissal, an announcement read',
  description:
    'A launcher: every activation posts one and is a launcher.activated event (first_activation on the ' +
    'person’s first, of any version); the decision stops delivering it. A banner: its render posts one (a ' +
    '`once` banner never comes back); `dismissed: true` dismisses it for good and sends banner.dismissed once ' +
    'per person. An announcement: opening its detail posts one; the first sends announcement.seen and marks it ' +
    'read. `dismissed` on another type: 422. Never consent-gated. 404 while feature.experiences.core is off, ' +
    'for a tour, program, survey or tracker, an unpublished or foreign id, and a version_id that is not one of ' +
    'its published versions.',
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    params: z.object({ experienceId: ulidParam('experienceId', 'launcherId') }),
    body: jsonBody(
      strictObject({
        url: PageUrl,
        version_id: Ulid.openapi({ description: 'The version the decision delivered.' }),
        dismissed: z.boolean().optional().openapi({ description: 'A banner’s dismissal.' }),
      }).openapi('WidgetRecordSeenRequest'),
      { url: EXAMPLE_PAGE_URL, version_id: EXAMPLE_ID.launcherVersionId },
    ),
  },
  responses: {
    200: {
      description: 'The person’s marker of this version.',
      content: json(z.object({ data: SeenMarkerSchema }), {
        data: {
          experience_id: EXAMPLE_ID.launcherId,
          version_id: EXAMPLE_ID.launcherVersionId,
          seen_at: EXAMPLE_TIME,
          dismissed_at: null,
          activations: 1,
          first: true,
        },
      }),
    },
    ...errorResponses(401, 404, 415, 422),
  },
});

export const widgetBeacon = createRoute({
  operationId: 'widgetBeacon',
  method: 'post',
  path: '/widget/beacons',
  tags: [WIDGET_TAG],
  summary: 'Count a launcher or banner analytics beacon',
  description:
    'Consent-gated in the widget (sent only after Widget.consent(true)). Counted per experience and UTC day ' +
    'for the staff console; no webhook, nothing stored per person. The experience must be a published ' +
    'launcher (launcher.shown) or banner (banner.shown, banner.clicked) and version_id one of its published ' +
    'versions, else 404 (also while feature.experiences.core is off). More than 120 a minute per visitor: 429.',
  security: VISITOR_TOKEN,
  request: {
    headers: previewHeaders(),
    body: jsonBody(
      strictObject({
        kind: z.enum(BEACON_KINDS),
        experience_id: Ulid,
        version_id: Ulid,
        url: PageUrl,
      }).openapi('WidgetBeaconRequest'),
      {
        kind: 'banner.shown',
        experience_id: EXAMPLE_ID.bannerId,
        version_id: EXAMPLE_ID.bannerVersionId,
        url: EXAMPLE_PAGE_URL,
      },
    ),
  },
  responses: {
    202: { description: 'Counted.' },
    ...errorResponses(401, 404, 415, 422, 429),
  },
});
