import type { ScimGroup } from '../../server-core/scim/scim-groups';
import type { ScimUser } from '../../server-core/scim/scim-users';
import { SCIM_MAX_COUNT } from '../../server-core/scim/scim-users';

/**
 * The SCIM 2.0 wire shapes (RFC 7643 resources, RFC 7644 list responses, the service-provider config and
 * the discovery resources). Not the house envelope: SCIM clients read these exact shapes, as
 * application/scim+json. The zod schemas of the same shapes are in bff/contract/scim.ts.
 */
export const SCIM_SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  config: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
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
      resourceType: 'User' as const,
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
      resourceType: 'Group' as const,
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
    meta: { resourceType: 'ServiceProviderConfig' as const, location: `${base}/ServiceProviderConfig` },
  };
}

/** An attribute definition of RFC 7643 section 7, as this service keeps the attribute. */
export interface ScimAttributeDefinition {
  name: string;
  type: 'string' | 'boolean' | 'complex' | 'reference';
  multiValued: boolean;
  description: string;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'default' | 'never' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  referenceTypes?: string[];
  subAttributes?: ScimAttributeDefinition[];
}

const attr = (
  name: string,
  description: string,
  more: Partial<ScimAttributeDefinition> = {},
): ScimAttributeDefinition => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/**
 * The attributes this service keeps, and only those (RFC 7643 section 7): what a client sends beyond them is
 * ignored, so the schemas name no attribute the service would drop. `id` and `meta` are common attributes
 * (RFC 7643 section 3.1) and are not listed.
 */
const USER_ATTRIBUTES: ScimAttributeDefinition[] = [
  attr('userName', "The person's e-mail address; unique in the workspace, case-insensitively.", {
    required: true,
    uniqueness: 'server',
  }),
  attr('externalId', "The identity provider's id of the user.", { caseExact: true }),
  attr('name', "The person's name.", {
    type: 'complex',
    subAttributes: [
      attr('givenName', 'Given name.'),
      attr('familyName', 'Family name.'),
      attr('formatted', 'The full name as displayed.'),
    ],
  }),
  attr('displayName', 'The name shown for the person.'),
  attr('emails', 'E-mail addresses.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', 'The address.'),
      attr('type', 'A label such as work.'),
      attr('primary', 'The primary address.', { type: 'boolean' }),
    ],
  }),
  attr('active', 'false deprovisions the member (the cascade of the service); true grants the membership.', {
    type: 'boolean',
  }),
  attr('roles', "The member's role in the workspace; read-only (writes are ignored, groups set roles).", {
    type: 'complex',
    multiValued: true,
    mutability: 'readOnly',
    subAttributes: [attr('value', 'owner, admin or member.', { mutability: 'readOnly' })],
  }),
];

const GROUP_ATTRIBUTES: ScimAttributeDefinition[] = [
  attr('displayName', 'The group name; mapped to a role by the workspace settings (scim-group-roles).', {
    required: true,
  }),
  attr('externalId', "The identity provider's id of the group.", { caseExact: true }),
  attr('members', 'The users of the group.', {
    type: 'complex',
    multiValued: true,
    subAttributes: [
      attr('value', 'The id of a SCIM user of this workspace.', { mutability: 'immutable', caseExact: true }),
      attr('display', "The user's userName.", { mutability: 'readOnly' }),
    ],
  }),
];

/** GET /Schemas (RFC 7644 section 4): the User and Group schemas, with the attributes the service keeps. */
export function schemasJson(base: string) {
  const schema = (id: string, name: string, description: string, attributes: ScimAttributeDefinition[]) => ({
    schemas: [SCIM_SCHEMA.schema],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema' as const, location: `${base}/Schemas/${id}` },
  });
  const resources = [
    schema(SCIM_SCHEMA.user, 'User', 'A member of the workspace.', USER_ATTRIBUTES),
    schema(SCIM_SCHEMA.group, 'Group', 'A group whose displayName may map to a role.', GROUP_ATTRIBUTES),
  ];
  return scimListJson({ totalResults: resources.length, startIndex: 1 }, resources);
}

/** GET /ResourceTypes (RFC 7644 section 4): User and Group, without schema extensions. */
export function resourceTypesJson(base: string) {
  const type = (name: 'User' | 'Group', endpoint: string, schema: string, description: string) => ({
    schemas: [SCIM_SCHEMA.resourceType],
    id: name,
    name,
    endpoint,
    description,
    schema,
    schemaExtensions: [] as { schema: string; required: boolean }[],
    meta: { resourceType: 'ResourceType' as const, location: `${base}/ResourceTypes/${name}` },
  });
  const resources = [
    type('User', '/Users', SCIM_SCHEMA.user, 'Members of the workspace.'),
    type('Group', '/Groups', SCIM_SCHEMA.group, 'Groups mapped to roles.'),
  ];
  return scimListJson({ totalResults: resources.length, startIndex: 1 }, resources);
}
