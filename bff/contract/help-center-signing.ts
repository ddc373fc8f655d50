import { createRoute, z } from '@hono/zod-openapi';
import { MAX_SIGN_IN_URL_LENGTH } from '../../server-core/help-center/sign-in-url';
import type { SigningSecretView } from '../../server-core/help-center/signing-secret';
import { errorResponses } from '../openapi/schemas';
import { json, jsonBody } from './common';
import { idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** Signed-in help-center readers: the signing secret the customer's app mints visitor JWTs with. */

export const PORTAL_HELP_CENTER_TAG = 'Portal: help center';

const EXAMPLE_SECRET = 'hcs_Q2h8vN4kR7tX1yB5mC9dF3gH6jL0sW2zA5eR8tY1uI4';
const EXAMPLE_SIGN_IN_URL = 'https://app.example.com/help-sign-in';

export function signingSecretJson(view: SigningSecretView) {
  return { configured: view.configured, secret: view.secret, sign_in_url: view.sign_in_url };
}

const SigningSecret = z
  .object({
    data: z.object({
      configured: z.boolean(),
      secret: z
        .string()
        .nullable()
        .openapi({ description: 'The HS256 key of visitor JWTs; null until created.' }),
      sign_in_url: z.string().nullable(),
    }),
  })
  .openapi('HelpCenterSigningSecret');

export const getHelpCenterSigningSecret = createRoute({
  operationId: 'getHelpCenterSigningSecret',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/help-center/signing-secret',
  tags: [PORTAL_HELP_CENTER_TAG],
  summary: 'The help-center signing secret and sign-in URL',
  description:
    'The secret your server signs visitor JWTs with (HS256, `exp` required) so readers see `authenticated` ' +
    'articles and `customers` guides on the hosted help center; `configured: false` and nulls until the first ' +
    'rotation creates it. Answered with Cache-Control: no-store.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The secret and sign-in URL.',
      headers: NO_STORE,
      content: json(SigningSecret, {
        data: { configured: true, secret: EXAMPLE_SECRET, sign_in_url: EXAMPLE_SIGN_IN_URL },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const rotateHelpCenterSigningSecret = createRoute({
  operationId: 'rotateHelpCenterSigningSecret',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/help-center/signing-secret/rotate',
  tags: [PORTAL_HELP_CENTER_TAG],
  summary: 'Create or rotate the help-center signing secret',
  description:
    'The new secret replaces the old at once: every outstanding visitor JWT signed with the old one is refused ' +
    'and every signed-in reader of the hosted help center is signed out. The same Idempotency-Key replays this ' +
    'answer (sealed at rest) for 24 hours without rotating again. Audited as help_center.signing_secret_rotated, ' +
    'without the secret.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The new secret.',
      headers: NO_STORE,
      content: json(z.object({ data: z.object({ secret: z.string() }) }).openapi('HelpCenterRotatedSecret'), {
        data: { secret: EXAMPLE_SECRET },
      }),
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const SetSignInUrlRequest = strictObject({
  sign_in_url: z
    .url()
    .max(MAX_SIGN_IN_URL_LENGTH)
    .nullable()
    .openapi({
      description:
        'Where the help center sends a reader to sign in, with `return_to=<path>` added: an https URL of your own ' +
        'app (http only for a loopback host on a development server), without a return_to of its own, never a ' +
        'host of this service. null removes it.',
    }),
}).openapi('SetHelpCenterSignInUrlRequest');

export const setHelpCenterSignInUrl = createRoute({
  operationId: 'setHelpCenterSignInUrl',
  method: 'put',
  path: '/api/v1/workspaces/{workspaceId}/help-center/sign-in-url',
  tags: [PORTAL_HELP_CENTER_TAG],
  summary: 'Set or remove the help-center sign-in URL',
  description:
    'Needs the flag feature.helpcenter.sign_in_url (404 when off) and a signing secret (422 ' +
    'help_center_signing_secret_missing otherwise). 422 sign_in_url_invalid names the rule broken. Audited as ' +
    'help_center.sign_in_url_set (the URL before and after). Answers the same shape as the read.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    body: jsonBody(SetSignInUrlRequest, { sign_in_url: EXAMPLE_SIGN_IN_URL }),
  },
  responses: {
    200: {
      description: 'The secret and the sign-in URL now in force.',
      headers: NO_STORE,
      content: json(SigningSecret, {
        data: { configured: true, secret: EXAMPLE_SECRET, sign_in_url: EXAMPLE_SIGN_IN_URL },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
