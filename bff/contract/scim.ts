import type { ScimGroup } from '../../server-core/scim/scim-groups';
import type { ScimUser } from '../../server-core/scim/scim-users';
import { SCIM_DEFAULT_COUNT, SCIM_MAX_COUNT } from '../../server-core/scim/scim-users';

/**
 * The SCIM 2.0 wire shapes (RFC 7643 resources, RFC 7644 list responses and the service-provider
 * config). Not the house envelope: SCIM clients read these exact shapes, as application/scim+json.
 */
export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  config: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
} as const;

/** The base of a workspace's SCIM paths, for meta.location. */
export const scimBase = (publicUrl: string, workspaceId: string) =>
  new URL(`/scim/v2/${workspaceId}`, publicUrl).href;

export function scimUserJson(u: ScimUser, base: string) {
  return {
    schemas: [SCIM_SCHEMA.user],
    id: u.id,
    externalId: u.externalId,
    userName: u.userName,
    name: { givenName: u.givenName, familyName: u.familyName, formatted: u.formatted },
    displayName: u.displayName,
    emails: u.emails.map((e) => ({
      value: e.value,
      primary: e.primary,
      ...(e.type ? { type: e.type } : {}),
    })),
    active: u.active,
    roles: u.role ? [{ value: u.role }] : [],
    meta: {
      resourceType: 'User',
      created: u.createdAt.toISOString(),
      lastModified: u.updatedAt.toISOString(),
      location: `${base}/Users/${u.id}`,
    },
  };
}

export function scimGroupJson(g: ScimGroup, base: string, members = true) {
  return {
    schemas: [SCIM_SCHEMA.group],
    id: g.id,
    externalId: g.externalId,
    displayName: g.displayName,
    ...(members ? { members: g.members } : {}),
    meta: {
      resourceType: 'Group',
      created: g.createdAt.toISOString(),
      lastModified: g.updatedAt.toISOString(),
      location: `${base}/Groups/${g.id}`,
    },
  };
}

export function scimListJson<T>(page: { totalResults: number; startIndex: number }, resources: T[]) {
  return {
    schemas: [SCIM_SCHEMA.list],
    totalResults: page.totalResults,
    startIndex: page.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/**
 * What this service supports, truthfully: PATCH yes; bulk, password change, sort and ETags no (not
 * built); filter yes (`eq` on the attributes listed in docs/decisions/scim.md) with maxResults 200; the
 * bearer token scheme.
 */
export function serviceProviderConfigJson(base: string) {
  return {
    schemas: [SCIM_SCHEMA.config],
    documentationUri: new URL('/docs', base).href,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description:
          'A SCIM token of this workspace (POST /api/v1/workspaces/{workspaceId}/scim-tokens), as Authorization: Bearer.',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export { SCIM_DEFAULT_COUNT, SCIM_MAX_COUNT };
