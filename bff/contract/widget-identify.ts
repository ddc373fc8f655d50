import { createRoute, z } from '@hono/zod-openapi';
import type { Contact } from '../../server-core/contacts/contact';
import { errorResponses } from '../openapi/schemas';
import { json, jsonBody } from './common';
import { EXAMPLE_DEMO, EXAMPLE_SECRET } from './examples';
import { VISITOR_TOKEN } from './operation-parts';
import { strictObject } from './strict-input';
import { WIDGET_TAG } from './widget-install';

/** Widget.user.set: the visitor proves who they are (hmac or token under the identity secret). */

const IdentifyRequest = strictObject({
  email: z.string().trim().email().max(320),
  name: z.string().max(200).nullable().optional(),
  hmac: z.string().max(128).optional().openapi({
    description:
      'Lower-case hex HMAC-SHA256 of the lower-cased email, keyed with the widget identity secret.',
  }),
  token: z
    .string()
    .optional()
    .openapi({
      description:
        'HS256 JWT signed with the widget identity secret: email (lower-case, equal to email), name, attributes ' +
        '(at most 30 keys; string <= 1000 characters, number, boolean or null; null clears), exp (required, ' +
        'at most 24 hours ahead). At most 64 KB.',
    }),
}).openapi('WidgetIdentifyRequest');

export function identifiedJson(contact: Contact) {
  return { email: contact.email, name: contact.name, verified: true as const };
}

export const widgetIdentify = createRoute({
  operationId: 'widgetIdentify',
  method: 'post',
  path: '/widget/identify',
  tags: [WIDGET_TAG],
  summary: 'Widget.user.set: verify and bind the visitor to a contact',
  description:
    'Either hmac or token proves the identity; without one nothing can be claimed (422 identity_proof_required). ' +
    '403 codes: invalid_identity_hmac, invalid_identity_token (bad signature, algorithm other than HS256, ' +
    'malformed), identity_token_expired, identity_token_exp_missing, identity_token_exp_too_far, ' +
    'identity_email_mismatch, identity_not_configured. 422 on token: token_too_large, invalid_token_attributes. ' +
    'The contact is created or updated (verified, attributes merged) and the visitor is bound to it until the ' +
    'identity secret is rotated.',
  security: VISITOR_TOKEN,
  request: {
    body: jsonBody(IdentifyRequest, {
      email: EXAMPLE_DEMO.contactEmail,
      name: EXAMPLE_DEMO.contactName,
      hmac: EXAMPLE_SECRET.identityHmac,
    }),
  },
  responses: {
    200: {
      description: 'Verified.',
      content: json(
        z.object({
          data: z.object({ email: z.string(), name: z.string().nullable(), verified: z.literal(true) }),
        }),
        { data: { email: EXAMPLE_DEMO.contactEmail, name: EXAMPLE_DEMO.contactName, verified: true } },
      ),
    },
    ...errorResponses(401, 403, 415, 422),
  },
});
