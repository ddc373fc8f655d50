import type { OpenAPIHono } from '@hono/zod-openapi';

import { listScimGroupRoles, setScimGroupRole } from '../../../server-core/scim/group-roles';
import {
  createScimToken,
  listScimTokens,
  revokeScimToken,
  type ScimTokenMetadata,
} from '../../../server-core/scim/scim-tokens';
import { iso } from '../../contract/common';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import * as scim from '../../contract/scim';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

const tokenJson = (t: ScimTokenMetadata) => ({
  id: t.id,
  created_at: t.created_at.toISOString(),
  created_by: t.created_by,
  last_used_at: iso(t.last_used_at),
  revoked_at: iso(t.revoked_at),
});

/**
 * The portal side of SCIM (settings.manage): its tokens (create, the plaintext once; list, metadata only;
 * revoke) and the group → role mapping (getScimGroupRoles, putScimGroupRoles).
 */
export function registerScimSettingsRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const manage = portalApi(services, { permission: 'settings.manage' });

  app.openapi({ ...scim.createScimToken, middleware: manage }, async (c) => {
    const { token, plaintext } = await createScimToken(requestCtx(c, services));
    c.header('Cache-Control', 'no-store');
    return c.json({ data: tokenJson(token), token: plaintext }, 201);
  });

  app.openapi({ ...scim.listScimTokens, middleware: manage }, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listScimTokens(requestCtx(c, services), { limit, beforeId: cursorPosition(cursor) });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(tokenJson) }, 200);
  });

  app.openapi({ ...scim.revokeScimToken, middleware: manage }, async (c) => {
    const { scimTokenId } = c.req.valid('param');
    const token = await revokeScimToken(requestCtx(c, services), scimTokenId.toLowerCase());
    return c.json({ data: tokenJson(token) }, 200);
  });

  app.openapi({ ...scim.getScimGroupRoles, middleware: manage }, async (c) =>
    c.json({ data: await listScimGroupRoles(requestCtx(c, services)) }, 200),
  );

  app.openapi({ ...scim.putScimGroupRoles, middleware: manage }, async (c) => {
    const body = c.req.valid('json');
    const ctx = requestCtx(c, services);
    await setScimGroupRole(ctx, body.display_name, body.role);
    return c.json({ data: await listScimGroupRoles(ctx) }, 200);
  });
}
