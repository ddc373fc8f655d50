import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../openapi/schemas';
import { json } from './common';
import { EXAMPLE_SECRET } from './examples';

/** Links in outbound mail (docs/decisions/mail.md#one-click-unsubscribe). */

const TAG = 'Mail';

export const emailUnsubscribe = createRoute({
  operationId: 'emailUnsubscribe',
  method: 'post',
  path: '/hooks/email/unsubscribe/{token}',
  tags: [TAG],
  summary: 'One-click unsubscribe (RFC 8058), the List-Unsubscribe target of every outbound mail',
  description:
    'Mail clients POST here (body List-Unsubscribe=One-Click, which is not required: the signed token in the ' +
    "path is the whole credential). Sets the contact's unsubscribed flag and sends contact.unsubscribed on the " +
    'change only; a repeat answers 200 unchanged. A forged, edited or foreign token is 404 not_found and ' +
    'writes nothing. No session, key or cookie.',
  request: {
    params: z.object({
      token: z
        .string()
        .max(200)
        .openapi({
          param: { name: 'token', in: 'path', example: EXAMPLE_SECRET.unsubscribeToken },
          description: '<workspace id>.<contact id>.<signature>, from the mail.',
        }),
    }),
  },
  responses: {
    200: {
      description: 'Unsubscribed.',
      content: json(
        z.object({ data: z.object({ unsubscribed: z.literal(true) }) }).openapi('EmailUnsubscribeResponse'),
        { data: { unsubscribed: true } },
      ),
    },
    ...errorResponses(404, 429),
  },
});
