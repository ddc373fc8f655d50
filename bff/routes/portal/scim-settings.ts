import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError } from '../../../server-core/lib/errors';
import { listScimGroupRoles, setScimGroupRole } from '../../../server-core/scim/group-roles';
import { createScimToken } from '../../../server-core/scim/scim-tokens';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/**
 * The portal side of SCIM (settings.manage): createScimToken (POST /workspaces/{workspaceId}/scim-tokens,
 * the plaintext once) and the group → role mapping (GET and PUT /workspaces/{workspaceId}/scim-group-roles).
 */
export function registerScimSettingsRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const manage = portalApi(services, { permission: 'settings.manage' });
  const path = '/api/v1/workspaces/:workspaceId';
  app.use(`${path}/scim-tokens`, ...manage);
  app.use(`${path}/scim-group-roles`, ...manage);

  app.post(`${path}/scim-tokens`, async (c) => {
    const { token, plaintext } = await createScimToken(requestCtx(c, services));
    c.header('Cache-Control', 'no-store');
    return c.json(
      { data: { id: token.id, created_at: token.created_at.toISOString() }, token: plaintext },
      201,
    );
  });

  app.get(`${path}/scim-group-roles`, async (c) =>
    c.json({ data: await listScimGroupRoles(requestCtx(c, services)) }, 200),
  );

  app.put(`${path}/scim-group-roles`, async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new DomainError('invalid_json');
    }
    const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof o.display_name !== 'string' || !(o.role === null || typeof o.role === 'string')) {
      throw new DomainError(
        'validation_failed',
        { field: 'display_name' },
        'The body is { display_name: string, role: "admin" | "member" | null }.',
      );
    }
    const ctx = requestCtx(c, services);
    await setScimGroupRole(ctx, o.display_name, o.role as string | null);
    return c.json({ data: await listScimGroupRoles(ctx) }, 200);
  });
}
