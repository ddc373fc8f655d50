import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../openapi/schemas';
import { jsonBody } from './common';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/**
 * Widget.track: a contact event for the identified visitor. The event rules are server-core's
 * (events/event-rules.ts, shared with the API batch), so the schema only names the fields.
 */

const TrackRequest = strictObject({
  name: z.string().openapi({
    description: 'Pattern ^[a-z][a-z0-9_.:-]{0,63}$; names starting service. or service: are reserved.',
    example: 'report_exported',
  }),
  properties: z.record(z.string(), z.unknown()).optional().openapi({
    description:
      'Flat object: at most 20 keys; strings (at most 500 characters), finite numbers, booleans, null; at most 4 KB of JSON.',
  }),
}).openapi('WidgetTrackRequest');

export const widgetTrack = createRoute({
  operationId: 'widgetTrack',
  method: 'post',
  path: '/widget/events',
  tags: [WIDGET_TAG],
  summary: 'Widget.track: record a contact event for the identified visitor',
  description:
    'The event belongs to the contact the visitor proved with user.set, never to a person named in the body. ' +
    '409 visitor_anonymous while the visitor is not identified (or was identified under a rotated secret); ' +
    '429 rate_limited above 60 events a minute per visitor; 422 invalid_event naming the broken rule; 404 ' +
    'while feature.contacts.event_tracking is off.',
  security: VISITOR_TOKEN,
  request: { body: jsonBody(TrackRequest, { name: 'report_exported', properties: { format: 'csv' } }) },
  responses: {
    204: { description: 'Recorded.' },
    ...errorResponses(401, 404, 409, 415, 422, 429),
  },
});
