import type { OpenAPIHono } from '@hono/zod-openapi';
import { listApiKeys, revokeApiKey } from '../../../server-core/apikeys/api-keys';
import { createApiKey } from '../../../server-core/apikeys/create-api-key';
import { recordAudit } from '../../../server-core/audit/record-audit';
import * as apiKeys from '../../contract/api-keys';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerApiKeyRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'api_keys.manage' });

  app.openapi({ ...apiKeys.listApiKeys, middleware: guard }, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listApiKeys(requestCtx(c, services), { limit, beforeId: cursorPosition(cursor) });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(apiKeys.apiKeyJson) }, 200);
  });

  app.openapi({ ...apiKeys.createApiKey, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const ctx = requestCtx(c, services);
    const created = await ctx.db.tx(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const result = await createApiKey(txCtx, {
        name: body.name,
        abilities: body.abilities,
        expiresAt: body.expires_at ? new Date(body.expires_at) : null,
      });
      await recordAudit(txCtx, {
        action: 'api_key.created',
        targetType: 'api_key',
        targetId: result.key.id,
        data: { name: result.key.name, abilities: result.key.abilities },
      });
      return result;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: apiKeys.apiKeyJson(created.key), plaintext_key: created.plaintext }, 201);
  });

  app.openapi({ ...apiKeys.revokeApiKey, middleware: guard }, async (c) => {
    const key = await revokeApiKey(requestCtx(c, services), c.req.valid('param').apiKeyId.toLowerCase());
    return c.json({ data: apiKeys.apiKeyJson(key) }, 200);
  });
}
