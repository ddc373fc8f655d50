import { createRoute, z } from '@hono/zod-openapi';
import { ABILITIES, type Ability } from '../../server-core/apikeys/abilities';
import { MAX_REDIRECT_URIS, type OAuthApp } from '../../server-core/oauth/oauth-apps';
import type { OAuthInstall } from '../../server-core/oauth/oauth-installs';
import { MAX_REDIRECT_URI_LENGTH } from '../../server-core/oauth/redirect-uri';
import { clientIdOf } from '../../server-core/oauth/token-format';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_SECRET, EXAMPLE_TIME } from './examples';
import { idempotencyHeaders, NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import { strictObject } from './strict-input';

/** OAuth apps a workspace registers, and the installs other apps hold in it (portal, api_keys.manage). */

const TAG = 'Portal: OAuth apps';

const Scope = z.enum(Object.keys(ABILITIES) as [Ability, ...Ability[]]);

export const ClientId = z.string().openapi({
  description: 'Public: `oac_` + the registering workspace id + the app id.',
  example: clientIdOf(EXAMPLE_ID.workspaceId, EXAMPLE_ID.appId),
});

export const OAuthAppSchema = z
  .object({
    id: Ulid,
    name: z.string(),
    client_id: ClientId,
    redirect_uris: z.array(z.string()),
    scopes: z
      .array(Scope)
      .openapi({ description: 'The abilities the app asks for (its registered request).' }),
    created_at: DateTime,
  })
  .openapi('OAuthApp');

const exampleApp: z.output<typeof OAuthAppSchema> = {
  id: EXAMPLE_ID.appId,
  name: 'Acme CRM connector',
  client_id: clientIdOf(EXAMPLE_ID.workspaceId, EXAMPLE_ID.appId),
  redirect_uris: ['https://crm.example.com/oauth/callback'],
  scopes: ['contacts:read', 'conversations:read'],
  created_at: EXAMPLE_TIME,
};

export function oauthAppJson(a: OAuthApp): z.output<typeof OAuthAppSchema> {
  return {
    id: a.id,
    name: a.name,
    client_id: a.client_id,
    redirect_uris: a.redirect_uris,
    scopes: a.scopes,
    created_at: a.created_at.toISOString(),
  };
}

export const OAuthInstallSchema = z
  .object({
    id: Ulid,
    app_id: Ulid,
    client_id: ClientId,
    app_name: z.string(),
    granted_by: Ulid.nullable().openapi({ description: 'The member who consented (null once deleted).' }),
    scopes: z.array(Scope).openapi({ description: 'What the member granted.' }),
    created_at: DateTime,
    updated_at: DateTime,
    revoked_at: DateTime.nullable(),
  })
  .openapi('OAuthInstall');

const exampleInstall: z.output<typeof OAuthInstallSchema> = {
  id: EXAMPLE_ID.installId,
  app_id: EXAMPLE_ID.appId,
  client_id: exampleApp.client_id,
  app_name: exampleApp.name,
  granted_by: EXAMPLE_ID.userId,
  scopes: ['contacts:read'],
  created_at: EXAMPLE_TIME,
  updated_at: EXAMPLE_TIME,
  revoked_at: null,
};

export function oauthInstallJson(i: OAuthInstall): z.output<typeof OAuthInstallSchema> {
  return {
    id: i.id,
    app_id: i.app_id,
    client_id: i.client_id,
    app_name: i.app_name,
    granted_by: i.granted_by,
    scopes: i.scopes,
    created_at: i.created_at.toISOString(),
    updated_at: i.updated_at.toISOString(),
    revoked_at: iso(i.revoked_at),
  };
}

export const registerOAuthApp = createRoute({
  operationId: 'registerOAuthApp',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/oauth-apps',
  tags: [TAG],
  summary: 'Register an OAuth app (the client secret is returned once)',
  description:
    'Answers 404 before the body is read while the flag `feature.oauth.app_platform` is off for the workspace. ' +
    'Redirect URIs are exact: https, or http on a loopback host only; an authorization request must name one of ' +
    'them byte for byte. Scopes are API abilities. The service keeps only the SHA-256 of the client secret.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    headers: idempotencyHeaders(),
    body: jsonBody(
      strictObject({
        name: z.string().trim().min(1).max(100),
        redirect_uris: z.array(z.string().max(MAX_REDIRECT_URI_LENGTH)).min(1).max(MAX_REDIRECT_URIS),
        scopes: z.array(Scope).min(1).max(Object.keys(ABILITIES).length),
      }).openapi('RegisterOAuthAppRequest'),
      { name: exampleApp.name, redirect_uris: exampleApp.redirect_uris, scopes: exampleApp.scopes },
    ),
  },
  responses: {
    201: {
      description: 'Registered. Store client_secret now: it cannot be shown again.',
      headers: NO_STORE,
      content: json(
        z.object({ data: OAuthAppSchema, client_secret: z.string() }).openapi('RegisteredOAuthApp'),
        { data: exampleApp, client_secret: EXAMPLE_SECRET.clientSecret },
      ),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const listOAuthApps = createRoute({
  operationId: 'listOAuthApps',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/oauth-apps',
  tags: [TAG],
  summary: 'List the OAuth apps this workspace registered',
  description: 'Works whatever the rollout flag says.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Apps, newest first.',
      content: json(pageOf(OAuthAppSchema), { meta: { next_cursor: null }, data: [exampleApp] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const deleteOAuthApp = createRoute({
  operationId: 'deleteOAuthApp',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/oauth-apps/{appId}',
  tags: [TAG],
  summary: 'Withdraw an OAuth app',
  description:
    'Deletes the app, its installs in every workspace and every code and token it issued: none of its tokens is ' +
    'active afterwards. Works whatever the rollout flag says.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams.extend({ appId: ulidParam('appId') }) },
  responses: {
    204: { description: 'Withdrawn.' },
    ...errorResponses(401, 403, 404),
  },
});

export const listOAuthInstalls = createRoute({
  operationId: 'listOAuthInstalls',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/oauth-installs',
  tags: [TAG],
  summary: 'List the OAuth apps installed in this workspace, revoked installs included',
  description: 'One install per app and consenting member. Works whatever the rollout flag says.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Installs, newest first.',
      content: json(pageOf(OAuthInstallSchema), { meta: { next_cursor: null }, data: [exampleInstall] }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const revokeOAuthInstall = createRoute({
  operationId: 'revokeOAuthInstall',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/oauth-installs/{installId}',
  tags: [TAG],
  summary: 'Revoke an OAuth install',
  description:
    'Every token the install issued stops working at once. Repeating the call answers 200 with the original ' +
    'revoked_at. Works whatever the rollout flag says.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams.extend({ installId: ulidParam('installId') }) },
  responses: {
    200: {
      description: 'Revoked.',
      content: json(z.object({ data: OAuthInstallSchema }), {
        data: { ...exampleInstall, revoked_at: EXAMPLE_TIME, updated_at: EXAMPLE_TIME },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});
