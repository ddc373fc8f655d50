import { createRoute, z } from '@hono/zod-openapi';
import type { RotatedSecret } from '../../server-core/webhooks/rotate-webhook-endpoint-secret';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, ulidParam } from './common';
import { EXAMPLE_LATER } from './examples';
import { idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import {
  endpointJson,
  exampleEndpoint,
  PORTAL_WEBHOOKS_TAG,
  WebhookEndpointSchema,
} from './webhook-endpoints';

/** The rotation of an endpoint's signing secret, with an overlap window (issue 22; docs/webhooks.md). */

const RotatedWebhookEndpointSecret = z
  .object({
    data: WebhookEndpointSchema.extend({
      secret: z.string().openapi({
        description:
          'The new signing secret, shown in this response only (`whsec_` + 43 base64url characters).',
        example: 'whsec_9876543210abcdefghijklmnopqrstuvwxyzABCDEFG',
      }),
      previous_secret_expires_at: DateTime.openapi({
        description:
          'Until this time every delivery carries two v1 signatures: one under the new secret, one under the old.',
      }),
    }),
  })
  .openapi('RotatedWebhookEndpointSecret');

export function rotatedSecretJson(r: RotatedSecret): z.input<typeof RotatedWebhookEndpointSecret>['data'] {
  return {
    ...endpointJson(r.endpoint),
    secret: r.secret,
    previous_secret_expires_at: r.previous_secret_expires_at.toISOString(),
  };
}

export const rotateWebhookEndpointSecret = createRoute({
  operationId: 'rotateWebhookEndpointSecret',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/webhook-endpoints/{endpointId}/rotate-secret',
  tags: [PORTAL_WEBHOOKS_TAG],
  summary: 'Rotate the signing secret (the new one is returned once; the old one signs for 24 more hours)',
  description:
    'A new secret signs every attempt from now on. For 24 hours the replaced secret signs too: the ' +
    'Service-Signature header carries `t=...,v1=<new>,v1=<old>`, so a receiver that checks any v1 against ' +
    'each secret it holds keeps working while it deploys the new one. Rotating again inside the window drops ' +
    'the oldest secret at once. The same Idempotency-Key replays this answer (sealed at rest) for 24 hours ' +
    'without rotating again. Audited as webhook_endpoint.secret_rotated, without the secret.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ endpointId: ulidParam('endpointId') }),
    headers: idempotencyHeaders(),
  },
  responses: {
    200: {
      description: 'The endpoint with its new secret. Store the secret now: it cannot be shown again.',
      headers: NO_STORE,
      content: json(RotatedWebhookEndpointSecret, {
        data: {
          ...exampleEndpoint,
          secret: 'whsec_9876543210abcdefghijklmnopqrstuvwxyzABCDEFG',
          previous_secret_expires_at: EXAMPLE_LATER,
        },
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});
