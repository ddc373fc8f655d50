import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { recordAudit } from '../../../server-core/audit/record-audit';
import { getIdentitySecretStatus, rotateIdentitySecret } from '../../../server-core/widget/identity-secret';
import { getInstallInfo } from '../../../server-core/widget/install-info';
import type { AppEnv } from '../../env';
import { DateTime, errorResponses, IdempotencyKeyHeader, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { installInfoJson, WidgetInstallInfo } from '../widget/schemas';
import { portalCtx } from './portal-ctx';

const params = z.object({ workspaceId: ulidParam('workspaceId') });
const TAG = 'Portal: widget';

export function registerPortalWidgetRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'settings.manage' });

  app.openapi(
    createRoute({
      operationId: 'getWidgetInstall',
      method: 'get',
      path: '/api/v1/workspaces/{workspaceId}/widget/install',
      tags: [TAG],
      summary: 'Widget install info: snippet, install state, agent instructions',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params },
      responses: {
        200: {
          description: 'Install info.',
          content: { 'application/json': { schema: z.object({ data: WidgetInstallInfo }) } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const ctx = portalCtx(c, services);
      const info = await getInstallInfo(
        ctx.db,
        { workspaceId: ctx.workspaceId },
        { cdnUrl: services.config.widgetCdnUrl, apiUrl: services.config.publicUrl },
      );
      return c.json({ data: installInfoJson(info) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'getWidgetIdentitySecret',
      method: 'get',
      path: '/api/v1/workspaces/{workspaceId}/widget/identity-secret',
      tags: [TAG],
      summary: 'Whether a widget identity secret is configured (never the secret)',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params },
      responses: {
        200: {
          description: 'Status.',
          content: {
            'application/json': {
              schema: z
                .object({ data: z.object({ configured: z.boolean(), rotated_at: DateTime.nullable() }) })
                .openapi('WidgetIdentitySecretStatus'),
            },
          },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const status = await getIdentitySecretStatus(portalCtx(c, services));
      return c.json(
        { data: { configured: status.configured, rotated_at: status.rotated_at?.toISOString() ?? null } },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      operationId: 'rotateWidgetIdentitySecret',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/widget/identity-secret/rotate',
      tags: [TAG],
      summary: 'Create or rotate the widget identity secret (returned once)',
      description:
        'The new secret signs user.set hmacs and tokens from now on; every signature made with the old one is ' +
        'invalid at once and visitors verified under it read as unverified until they are identified again. ' +
        'The same Idempotency-Key replays this answer (sealed at rest) for 24 hours without rotating again, ' +
        'after re-checking the caller. Audited as widget.identity_secret_rotated, without the secret.',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params, headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }) },
      responses: {
        200: {
          description: 'The new secret. Store it on your server now.',
          headers: { 'Cache-Control': { schema: { type: 'string' }, description: 'no-store' } },
          content: {
            'application/json': {
              schema: z
                .object({ data: z.object({ secret: z.string(), rotated_at: DateTime }) })
                .openapi('WidgetIdentitySecret'),
            },
          },
        },
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const ctx = portalCtx(c, services);
      const rotated = await ctx.db.tx(async (tx) => {
        const txCtx = { ...ctx, db: tx };
        const result = await rotateIdentitySecret(txCtx, services.box);
        await recordAudit(txCtx, {
          action: 'widget.identity_secret_rotated',
          targetType: 'workspace',
          targetId: ctx.workspaceId,
          data: { generation: result.generation, rotated_at: result.rotated_at.toISOString() },
        });
        return result;
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ data: { secret: rotated.secret, rotated_at: rotated.rotated_at.toISOString() } }, 200);
    },
  );
}
