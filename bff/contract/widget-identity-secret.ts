import { createRoute, z } from '@hono/zod-openapi';
import type { IdentitySecretStatus } from '../../server-core/widget/identity-secret';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json } from './common';
import { EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { PORTAL_WIDGET_TAG } from './widget-install';

/** The widget identity secret that signs user.set proofs: its status, and its rotation (shown once). */

export function identitySecretStatusJson(status: IdentitySecretStatus) {
  return { configured: status.configured, rotated_at: iso(status.rotated_at) };
}

export function rotatedSecretJson(rotated: { secret: string; rotated_at: Date }) {
  return { secret: rotated.secret, rotated_at: rotated.rotated_at.toISOString() };
}

export const getWidgetIdentitySecret = createRoute({
  operationId: 'getWidgetIdentitySecret',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/widget/identity-secret',
  tags: [PORTAL_WIDGET_TAG],
  summary: 'Whether a widget identity secret is configured (never the secret)',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'Status.',
      content: json(
        z
          .object({ data: z.object({ configured: z.boolean(), rotated_at: DateTime.nullable() }) })
          .openapi('WidgetIdentitySecretStatus'),
        { data: { configured: true, rotated_at: EXAMPLE_TIME } },
      ),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const rotateWidgetIdentitySecret = createRoute({
  operationId: 'rotateWidgetIdentitySecret',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/widget/identity-secret/rotate',
  tags: [PORTAL_WIDGET_TAG],
  summary: 'Create or rotate the widget identity secret (returned once)',
  description:
    'The new secret signs user.set hmacs and tokens from now on; every signature made with the old one is ' +
    'invalid at once and visitors verified under it read as unverified until they are identified again. ' +
    'The same Idempotency-Key replays this answer (sealed at rest) for 24 hours without rotating again, ' +
    'after re-checking the caller. Audited as widget.identity_secret_rotated, without the secret.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, headers: idempotencyHeaders() },
  responses: {
    200: {
      description: 'The new secret. Store it on your server now.',
      headers: NO_STORE,
      content: json(
        z
          .object({ data: z.object({ secret: z.string(), rotated_at: DateTime }) })
          .openapi('WidgetIdentitySecret'),
        {
          data: {
            secret: 'wis_kP3xV8nQ2rT6yB1mC5dF9gH4jL7sW0zA3eR6tY9uI2o',
            rotated_at: EXAMPLE_LATER,
          },
        },
      ),
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});
