import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { ABILITIES, type Ability } from '../../../server-core/apikeys/abilities';
import { listApiKeys, revokeApiKey } from '../../../server-core/apikeys/api-keys';
import { type ApiKeyMetadata, createApiKey } from '../../../server-core/apikeys/create-api-key';
import { recordAudit } from '../../../server-core/audit/record-audit';
import type { Ctx } from '../../../server-core/context';
import type { AppEnv } from '../../env';
import { cursorPosition, pageOf, pageQuery, toPageBody } from '../../openapi/lists';
import { DateTime, errorResponses, IdempotencyKeyHeader, Ulid, ulidParam } from '../../openapi/schemas';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { portalCtx } from './portal-ctx';

const AbilityName = z.enum(Object.keys(ABILITIES) as [Ability, ...Ability[]]).openapi('Ability', {
  description: Object.entries(ABILITIES)
    .map(([a, d]) => `\`${a}\`: ${d}`)
    .join(' '),
});

export const ApiKey = z
  .object({
    id: Ulid,
    name: z.string(),
    abilities: z.array(AbilityName),
    key_prefix: z
      .string()
      .openapi({ description: 'The start of the key, to match a row to a key. Not usable.' }),
    last_used_at: DateTime.nullable().openapi({ description: 'Updated at most once a minute.' }),
    expires_at: DateTime.nullable(),
    revoked_at: DateTime.nullable(),
  })
  .openapi('ApiKey');

export function apiKeyJson(k: ApiKeyMetadata) {
  return {
    id: k.id,
    name: k.name,
    abilities: k.abilities,
    key_prefix: k.key_prefix,
    last_used_at: k.last_used_at?.toISOString() ?? null,
    expires_at: k.expires_at?.toISOString() ?? null,
    revoked_at: k.revoked_at?.toISOString() ?? null,
  };
}

const params = z.object({ workspaceId: ulidParam('workspaceId') });
const TAG = 'Portal: API keys';

export function registerApiKeyRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'api_keys.manage' });

  app.openapi(
    createRoute({
      operationId: 'listApiKeys',
      method: 'get',
      path: '/api/v1/workspaces/{workspaceId}/api-keys',
      tags: [TAG],
      summary: 'List API keys, revoked ones included',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params, query: z.object(pageQuery()) },
      responses: {
        200: {
          description: 'Keys, newest first.',
          content: { 'application/json': { schema: pageOf(ApiKey) } },
        },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const { limit, cursor } = c.req.valid('query');
      const rows = await listApiKeys(portalCtx(c, services), { limit, beforeId: cursorPosition(cursor) });
      const page = toPageBody(rows, limit);
      return c.json({ meta: page.meta, data: page.data.map(apiKeyJson) }, 200);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'createApiKey',
      method: 'post',
      path: '/api/v1/workspaces/{workspaceId}/api-keys',
      tags: [TAG],
      summary: 'Create an API key (the plaintext is returned once)',
      description:
        'The plaintext key is in this response only; the service keeps its SHA-256. Keys look like ' +
        '`spk_<workspace id><40 characters>` so secret scanners can find leaked ones. `contacts:write` grants ' +
        '`events:write` with it.',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: {
        params,
        headers: z.object({ 'Idempotency-Key': IdempotencyKeyHeader }),
        body: {
          required: true,
          content: {
            'application/json': {
              schema: z
                .object({
                  name: z.string().trim().min(1).max(100),
                  abilities: z.array(AbilityName).min(1).max(Object.keys(ABILITIES).length),
                  expires_at: DateTime.nullable().optional(),
                })
                .openapi('CreateApiKeyRequest'),
            },
          },
        },
      },
      responses: {
        201: {
          description: 'Created. Store plaintext_key now: it cannot be shown again.',
          headers: { 'Cache-Control': { schema: { type: 'string' }, description: 'no-store' } },
          content: {
            'application/json': {
              schema: z.object({ data: ApiKey, plaintext_key: z.string() }).openapi('CreatedApiKey'),
            },
          },
        },
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      const ctx: Ctx = portalCtx(c, services);
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
      return c.json({ data: apiKeyJson(created.key), plaintext_key: created.plaintext }, 201);
    },
  );

  app.openapi(
    createRoute({
      operationId: 'revokeApiKey',
      method: 'delete',
      path: '/api/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}',
      tags: [TAG],
      summary: 'Revoke an API key',
      description:
        'The key stops working at once on every node. Repeating the call answers 200 with the original revoked_at.',
      security: [{ portalSession: [] }],
      middleware: guard,
      request: { params: params.extend({ apiKeyId: ulidParam('apiKeyId') }) },
      responses: {
        200: {
          description: 'Revoked.',
          content: { 'application/json': { schema: z.object({ data: ApiKey }) } },
        },
        ...errorResponses(401, 403, 404),
      },
    }),
    async (c) => {
      const key = await revokeApiKey(portalCtx(c, services), c.req.valid('param').apiKeyId.toLowerCase());
      return c.json({ data: apiKeyJson(key) }, 200);
    },
  );
}
