import { createRoute, z } from '@hono/zod-openapi';
import { ABILITIES, type Ability } from '../../server-core/apikeys/abilities';
import type { ApiKeyMetadata } from '../../server-core/apikeys/create-api-key';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/** Workspace API keys, managed in the portal (permission api_keys.manage). */

const TAG = 'Portal: API keys';

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

const exampleKey: z.output<typeof ApiKey> = {
  id: EXAMPLE_ID.apiKeyId,
  name: 'CRM sync',
  abilities: ['contacts:read', 'contacts:write', 'events:write'],
  key_prefix: `spk_${EXAMPLE_ID.workspaceId}Xk3v9Q`,
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
};

export function apiKeyJson(k: ApiKeyMetadata) {
  return {
    id: k.id,
    name: k.name,
    abilities: k.abilities,
    key_prefix: k.key_prefix,
    last_used_at: iso(k.last_used_at),
    expires_at: iso(k.expires_at),
    revoked_at: iso(k.revoked_at),
  };
}

export const listApiKeys = createRoute({
  operationId: 'listApiKeys',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/api-keys',
  tags: [TAG],
  summary: 'List API keys, revoked ones included',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Keys, newest first.',
      content: json(pageOf(ApiKey), {
        meta: { next_cursor: null },
        data: [{ ...exampleKey, last_used_at: EXAMPLE_LATER }],
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const createApiKey = createRoute({
  operationId: 'createApiKey',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/api-keys',
  tags: [TAG],
  summary: 'Create an API key (the plaintext is returned once)',
  description:
    'The plaintext key is in this response only; the service keeps its SHA-256. Keys look like ' +
    '`spk_<workspace id><40 characters>` so secret scanners can find leaked ones. `contacts:write` grants ' +
    '`events:write` with it.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        name: z.string().trim().min(1).max(100),
        abilities: z.array(AbilityName).min(1).max(Object.keys(ABILITIES).length),
        expires_at: DateTime.nullable().optional(),
      }).openapi('CreateApiKeyRequest'),
      { name: 'CRM sync', abilities: ['contacts:read', 'contacts:write'] },
    ),
  },
  responses: {
    201: {
      description: 'Created. Store plaintext_key now: it cannot be shown again.',
      headers: NO_STORE,
      content: json(z.object({ data: ApiKey, plaintext_key: z.string() }).openapi('CreatedApiKey'), {
        data: exampleKey,
        plaintext_key: `spk_${EXAMPLE_ID.workspaceId}Xk3v9Q7bTq2LmW8rYc4NdE6fGh1JpZ0sVa5KuB3x`,
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const revokeApiKey = createRoute({
  operationId: 'revokeApiKey',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/api-keys/{apiKeyId}',
  tags: [TAG],
  summary: 'Revoke an API key',
  description:
    'The key stops working at once on every node. Repeating the call answers 200 with the original revoked_at.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams.extend({ apiKeyId: ulidParam('apiKeyId') }) },
  responses: {
    200: {
      description: 'Revoked.',
      content: json(z.object({ data: ApiKey }), { data: { ...exampleKey, revoked_at: EXAMPLE_TIME } }),
    },
    ...errorResponses(401, 403, 404),
  },
});
