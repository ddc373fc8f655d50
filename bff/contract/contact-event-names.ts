import { createRoute, z } from '@hono/zod-openapi';
import { type ContactEventName, EVENT_NAMES_MAX } from '../../server-core/events/list-contact-event-names';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json } from './common';
import { EXAMPLE_TIME } from './examples';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';

/** The event names a workspace recorded lately, for the rule pickers of the portal (issue 22). */

const TAG = 'Portal: contact events';

export const ContactEventNameItem = z
  .object({
    name: z.string().openapi({ example: 'signed_up' }),
    last_received_at: DateTime.openapi({ description: 'When an event of this name was last recorded.' }),
  })
  .openapi('ContactEventName');

const ContactEventNameList = z
  .object({ data: z.array(ContactEventNameItem) })
  .openapi('ContactEventNameList');

export function contactEventNameJson(n: ContactEventName): z.infer<typeof ContactEventNameItem> {
  return { name: n.name, last_received_at: n.last_received_at.toISOString() };
}

export const listContactEventNames = createRoute({
  operationId: 'listContactEventNames',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/contact-event-names',
  tags: [TAG],
  summary: 'List the event names recorded in the last 90 days',
  description: `For rule pickers: every distinct contact event name the workspace recorded (received) in the last 90 days, alphabetical, each with the time it was last recorded; at most ${EVENT_NAMES_MAX} names. Any member of the workspace may read it.`,
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The names, alphabetical.',
      content: json(ContactEventNameList, {
        data: [
          { name: 'invoice.paid', last_received_at: EXAMPLE_TIME },
          { name: 'signed_up', last_received_at: EXAMPLE_TIME },
        ],
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});
