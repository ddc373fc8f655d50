import { createRoute, z } from '@hono/zod-openapi';
import { GROUP_ROLES } from '../../server-core/scim/group-roles';
import { SCIM_DEFAULT_COUNT, SCIM_MAX_COUNT } from '../../server-core/scim/scim-users';
import { SCIM_ERROR_SCHEMA } from '../middleware/errors/scim-error';
import { errorResponses } from '../openapi/schemas';
import { DateTime, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_ID, EXAMPLE_LATER, EXAMPLE_TIME } from './examples';
import { NO_STORE, PORTAL_SESSION, workspaceParams } from './operation-parts';
import { pageOf, pageQuery } from './pagination';
import type { ScimAttributeDefinition } from './scim-wire';
import { SCIM_SCHEMA } from './scim-wire';
import { strictObject } from './strict-input';

export {
  SCIM_SCHEMA,
  scimBase,
  scimGroupJson,
  scimListJson,
  scimUserJson,
  serviceProviderConfigJson,
} from './scim-wire';
export { SCIM_DEFAULT_COUNT, SCIM_MAX_COUNT };

/**
 * SCIM 2.0 provisioning (spec service-api.md section 4.6) under /scim/v2/{workspaceId}, and its settings
 * in the portal (tokens, the group → role mapping). The SCIM operations speak RFC 7643/7644:
 * application/scim+json in (application/json accepted) and out, the RFC 7644 error schema (status as a
 * string), and attributes or query parameters the service does not keep are ignored, not refused.
 */

const TAG = 'SCIM';
const SETTINGS_TAG = 'Portal: SCIM';
const SCIM_MEDIA = 'application/scim+json';

/** A workspace's SCIM token as `Authorization: Bearer sst_…`. */
export const SCIM_TOKEN = [{ scimToken: [] }];

/**
 * The SCIM operations: their payloads are defined by RFC 7643/7644, which has the service ignore attributes
 * and query parameters it does not keep (Okta sends `locale`, `password`, `groups`; Entra its enterprise
 * extension; both `attributes`). The house's strict-input rule (422 parameter_unknown) does not apply to
 * them: their request objects are loose on purpose (docs/decisions/scim.md, Media type, error shape and
 * unknown attributes).
 */
export const RFC_ATTRIBUTE_OPERATIONS: readonly string[] = [
  'scimServiceProviderConfig',
  'scimListSchemas',
  'scimListResourceTypes',
  'scimListUsers',
  'scimCreateUser',
  'scimGetUser',
  'scimReplaceUser',
  'scimPatchUser',
  'scimDeleteUser',
  'scimListGroups',
  'scimCreateGroup',
  'scimGetGroup',
  'scimPatchGroup',
  'scimDeleteGroup',
];

export const ScimError = z
  .object({
    schemas: z.array(z.literal(SCIM_ERROR_SCHEMA)),
    status: z.string().openapi({ description: 'The HTTP status, as a string (RFC 7644 section 3.12).' }),
    scimType: z
      .enum(['invalidFilter', 'invalidSyntax', 'invalidValue', 'mutability', 'uniqueness'])
      .optional(),
    detail: z.string(),
  })
  .openapi('ScimError');

const SCIM_ERRORS = {
  400: 'invalidSyntax (the body does not parse), invalidFilter, or invalidValue (anything else malformed).',
  401: 'No live SCIM token of this workspace (missing, malformed, revoked, another workspace’s, an API key).',
  404: 'No such resource in this workspace.',
  409: 'uniqueness (userName taken) or mutability (the last owner; an e-mail another workspace shares).',
  413: 'The request body is too large.',
  415: 'The body is neither application/scim+json nor application/json.',
  429: 'Too many requests for this token or workspace; see Retry-After.',
} as const;

const scimErrors = (...statuses: (keyof typeof SCIM_ERRORS)[]) =>
  Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: SCIM_ERRORS[s], content: { [SCIM_MEDIA]: { schema: ScimError } } },
    ]),
  );

/** `{ 'application/scim+json': { schema, example } }`: a SCIM answer with its documented example. */
function scimJson<T extends z.ZodType>(schema: T, example: z.output<T>) {
  return { [SCIM_MEDIA]: { schema, example } } as {
    'application/scim+json': { schema: T; example: z.output<T> };
  };
}

/** A SCIM request body (application/json is accepted too), with its documented example. */
function scimBody<T extends z.ZodType>(schema: T, example: z.input<T>) {
  return { required: true, content: { [SCIM_MEDIA]: { schema, example } } };
}

const LOCATION = {
  Location: { schema: { type: 'string' as const }, description: 'meta.location of the created resource.' },
};

/** A SCIM boolean as identity providers send it: true / false, or the strings "True" / "false". */
const ScimBoolean = z.union([z.boolean(), z.string().max(10)]).openapi({
  description: 'A boolean; the strings "True" and "false" (any case) are read as booleans.',
});

const scimParams = z.object({ workspaceId: ulidParam('workspaceId') });
const scimId = (name: 'scimUserId' | 'scimGroupId') =>
  z
    .string()
    .max(200)
    .openapi({
      param: { name, in: 'path', example: EXAMPLE_ID[name] },
      description: `${name}: the id the service gave the resource (an unknown one answers 404).`,
    });

// ---------------------------------------------------------------------------------------------------------
// Resources

const Meta = (resourceType: string) =>
  z.object({
    resourceType: z.literal(resourceType),
    created: DateTime,
    lastModified: DateTime,
    location: z.string(),
  });

const nullableText = z.string().nullable();

export const ScimUser = z
  .object({
    schemas: z.array(z.literal(SCIM_SCHEMA.user)),
    id: Ulid,
    externalId: nullableText,
    userName: z.string(),
    name: z.object({ givenName: nullableText, familyName: nullableText, formatted: nullableText }),
    displayName: nullableText,
    emails: z.array(z.object({ value: z.string(), primary: z.boolean(), type: z.string().optional() })),
    active: z.boolean(),
    roles: z
      .array(z.object({ value: z.enum(['owner', 'admin', 'member']) }))
      .openapi({ description: "The member's role here (empty when not a member); read-only." }),
    meta: Meta('User'),
  })
  .openapi('ScimUser');

export const ScimGroup = z
  .object({
    schemas: z.array(z.literal(SCIM_SCHEMA.group)),
    id: Ulid,
    externalId: nullableText,
    displayName: z.string(),
    members: z
      .array(z.object({ value: Ulid, display: z.string() }))
      .optional()
      .openapi({ description: 'Left out when excludedAttributes names members.' }),
    meta: Meta('Group'),
  })
  .openapi('ScimGroup');

const listOf = <T extends z.ZodType>(item: T, name: string) =>
  z
    .object({
      schemas: z.array(z.literal(SCIM_SCHEMA.list)),
      totalResults: z.number().int(),
      startIndex: z.number().int(),
      itemsPerPage: z.number().int(),
      Resources: z.array(item),
    })
    .openapi(name);

const exampleBase = `http://localhost:3000/scim/v2/${EXAMPLE_ID.workspaceId}`;
const EXAMPLE_EMAIL = 'grace@acme.test';

const exampleUser: z.output<typeof ScimUser> = {
  schemas: [SCIM_SCHEMA.user],
  id: EXAMPLE_ID.scimUserId,
  externalId: '00u1grace',
  userName: EXAMPLE_EMAIL,
  name: { givenName: 'Grace', familyName: 'Hopper', formatted: null },
  displayName: 'Grace Hopper',
  emails: [{ value: EXAMPLE_EMAIL, primary: true, type: 'work' }],
  active: true,
  roles: [{ value: 'member' }],
  meta: {
    resourceType: 'User',
    created: EXAMPLE_TIME,
    lastModified: EXAMPLE_LATER,
    location: `${exampleBase}/Users/${EXAMPLE_ID.scimUserId}`,
  },
};

const exampleGroup: z.output<typeof ScimGroup> = {
  schemas: [SCIM_SCHEMA.group],
  id: EXAMPLE_ID.scimGroupId,
  externalId: '00g1admins',
  displayName: 'Support Admins',
  members: [{ value: EXAMPLE_ID.scimUserId, display: EXAMPLE_EMAIL }],
  meta: {
    resourceType: 'Group',
    created: EXAMPLE_TIME,
    lastModified: EXAMPLE_LATER,
    location: `${exampleBase}/Groups/${EXAMPLE_ID.scimGroupId}`,
  },
};

const list = <T>(resources: T[], totalResults = resources.length) => ({
  schemas: [SCIM_SCHEMA.list] as [typeof SCIM_SCHEMA.list],
  totalResults,
  startIndex: 1,
  itemsPerPage: resources.length,
  Resources: resources,
});

// ---------------------------------------------------------------------------------------------------------
// Request bodies: the attributes the service keeps, typed; any other attribute is accepted and ignored.

const ScimUserRequest = z
  .looseObject({
    schemas: z.array(z.string().max(200)).max(20).optional(),
    userName: z.string().max(500).openapi({ description: 'The e-mail address; required.' }),
    externalId: z.string().max(500).nullable().optional(),
    name: z
      .looseObject({
        givenName: z.string().max(500).nullable().optional(),
        familyName: z.string().max(500).nullable().optional(),
        formatted: z.string().max(500).nullable().optional(),
      })
      .nullable()
      .optional(),
    displayName: z.string().max(500).nullable().optional(),
    emails: z
      .array(
        z.looseObject({
          value: z.string().max(500),
          type: z.string().max(500).nullable().optional(),
          primary: ScimBoolean.nullable().optional(),
        }),
      )
      .max(20)
      .nullable()
      .optional(),
    active: ScimBoolean.nullable().optional().openapi({
      description: 'Absent: true on create, unchanged on replace. false deprovisions the member.',
    }),
  })
  .openapi('ScimUserRequest', {
    description:
      'A User (RFC 7643 section 4.1). Attributes the service does not keep (password, locale, groups, ' +
      'extensions) are ignored; roles are read-only and ignored.',
  });

const PatchOperation = z.looseObject({
  op: z.string().max(20).openapi({ description: 'add, replace or remove, in any case.' }),
  path: z
    .string()
    .max(500)
    .optional()
    .openapi({
      description:
        'An attribute (`active`, `name.givenName`), a filtered one (`emails[type eq "work"].value`, ' +
        '`members[value eq "<id>"]`), optionally prefixed by its schema URN. Absent: value is an object of paths.',
    }),
  value: z.unknown().optional(),
});

const ScimPatchRequest = z
  .looseObject({
    schemas: z.array(z.string().max(200)).max(20).optional(),
    Operations: z.array(PatchOperation).max(100).optional().openapi({ description: '1 to 100 operations.' }),
  })
  .openapi('ScimPatchRequest', {
    description:
      'A PatchOp (RFC 7644 section 3.5.2), as Okta and Entra send it (`operations` is read too). Boolean ' +
      'strings are booleans; unknown attributes are ignored.',
  });

const ScimGroupRequest = z
  .looseObject({
    schemas: z.array(z.string().max(200)).max(20).optional(),
    displayName: z.string().max(500),
    externalId: z.string().max(500).nullable().optional(),
    members: z
      .array(z.looseObject({ value: z.string().max(100), display: z.string().max(500).optional() }))
      .optional()
      .openapi({ description: 'Ids of SCIM users of this workspace; other ids are ignored.' }),
  })
  .openapi('ScimGroupRequest', { description: 'A Group (RFC 7643 section 4.2).' });

const ListQuery = z.looseObject({
  filter: z
    .string()
    .max(2000)
    .optional()
    .openapi({ example: `userName eq "${EXAMPLE_EMAIL}"`, description: 'One `<attribute> eq "<string>"`.' }),
  startIndex: z
    .string()
    .max(20)
    .optional()
    .openapi({ description: '1-based index of the first result; below 1 reads as 1 (default 1).' }),
  count: z
    .string()
    .max(20)
    .optional()
    .openapi({
      description: `Results per page, 0..${SCIM_MAX_COUNT} (default ${SCIM_DEFAULT_COUNT}); beyond is capped.`,
    }),
});

const GroupReadQuery = z.looseObject({
  excludedAttributes: z
    .string()
    .max(2000)
    .optional()
    .openapi({ description: '`members` leaves the members out (what Entra asks for).' }),
});

// ---------------------------------------------------------------------------------------------------------
// Discovery

const ServiceProviderConfig = z
  .object({
    schemas: z.array(z.literal(SCIM_SCHEMA.config)),
    documentationUri: z.string(),
    patch: z.object({ supported: z.boolean() }),
    bulk: z.object({
      supported: z.boolean(),
      maxOperations: z.number().int(),
      maxPayloadSize: z.number().int(),
    }),
    filter: z.object({ supported: z.boolean(), maxResults: z.number().int() }),
    changePassword: z.object({ supported: z.boolean() }),
    sort: z.object({ supported: z.boolean() }),
    etag: z.object({ supported: z.boolean() }),
    authenticationSchemes: z.array(
      z.object({ type: z.string(), name: z.string(), description: z.string(), primary: z.boolean() }),
    ),
    meta: z.object({ resourceType: z.literal('ServiceProviderConfig'), location: z.string() }),
  })
  .openapi('ScimServiceProviderConfig');

const attributeFields = {
  name: z.string(),
  type: z.enum(['string', 'boolean', 'complex', 'reference']),
  multiValued: z.boolean(),
  description: z.string(),
  required: z.boolean(),
  caseExact: z.boolean(),
  mutability: z.enum(['readOnly', 'readWrite', 'immutable', 'writeOnly']),
  returned: z.enum(['always', 'default', 'never', 'request']),
  uniqueness: z.enum(['none', 'server', 'global']),
  referenceTypes: z.array(z.string()).optional(),
};
const SubAttribute = z.object(attributeFields);
const Attribute = z.object({ ...attributeFields, subAttributes: z.array(SubAttribute).optional() });

const ScimSchemaResource = z
  .object({
    schemas: z.array(z.literal(SCIM_SCHEMA.schema)),
    id: z.string(),
    name: z.string(),
    description: z.string(),
    attributes: z.array(Attribute),
    meta: z.object({ resourceType: z.literal('Schema'), location: z.string() }),
  })
  .openapi('ScimSchema');

const ScimResourceType = z
  .object({
    schemas: z.array(z.literal(SCIM_SCHEMA.resourceType)),
    id: z.string(),
    name: z.string(),
    endpoint: z.string(),
    description: z.string(),
    schema: z.string(),
    schemaExtensions: z.array(z.object({ schema: z.string(), required: z.boolean() })),
    meta: z.object({ resourceType: z.literal('ResourceType'), location: z.string() }),
  })
  .openapi('ScimResourceType');

const exampleAttribute: ScimAttributeDefinition = {
  name: 'userName',
  type: 'string',
  multiValued: false,
  description: "The person's e-mail address; unique in the workspace, case-insensitively.",
  required: true,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'server',
};

export const scimServiceProviderConfig = createRoute({
  operationId: 'scimServiceProviderConfig',
  method: 'get',
  path: '/scim/v2/{workspaceId}/ServiceProviderConfig',
  tags: [TAG],
  summary: 'What the SCIM service supports',
  description:
    'PATCH yes; bulk, password change, sort and ETags no; filter yes (`eq` only) with maxResults 200; the ' +
    'bearer token scheme (a SCIM token of the workspace).',
  security: SCIM_TOKEN,
  request: { params: scimParams },
  responses: {
    200: {
      description: 'The configuration (RFC 7643 section 5).',
      content: scimJson(ServiceProviderConfig, {
        schemas: [SCIM_SCHEMA.config],
        documentationUri: 'http://localhost:3000/docs',
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
        meta: { resourceType: 'ServiceProviderConfig', location: `${exampleBase}/ServiceProviderConfig` },
      }),
    },
    ...scimErrors(401, 429),
  },
});

export const scimListSchemas = createRoute({
  operationId: 'scimListSchemas',
  method: 'get',
  path: '/scim/v2/{workspaceId}/Schemas',
  tags: [TAG],
  summary: 'The User and Group schemas, as the service keeps them',
  description:
    'RFC 7644 section 4: the attributes the service keeps and returns (anything else a client sends is ' +
    'ignored). Query parameters are ignored.',
  security: SCIM_TOKEN,
  request: { params: scimParams },
  responses: {
    200: {
      description: 'A list of the two schemas.',
      content: scimJson(
        listOf(ScimSchemaResource, 'ScimSchemaList'),
        list([
          {
            schemas: [SCIM_SCHEMA.schema],
            id: SCIM_SCHEMA.user,
            name: 'User',
            description: 'A member of the workspace.',
            attributes: [exampleAttribute],
            meta: { resourceType: 'Schema' as const, location: `${exampleBase}/Schemas/${SCIM_SCHEMA.user}` },
          },
        ]),
      ),
    },
    ...scimErrors(401, 429),
  },
});

export const scimListResourceTypes = createRoute({
  operationId: 'scimListResourceTypes',
  method: 'get',
  path: '/scim/v2/{workspaceId}/ResourceTypes',
  tags: [TAG],
  summary: 'The resource types: User and Group',
  description: 'RFC 7644 section 4; no schema extensions. Query parameters are ignored.',
  security: SCIM_TOKEN,
  request: { params: scimParams },
  responses: {
    200: {
      description: 'A list of the two resource types.',
      content: scimJson(
        listOf(ScimResourceType, 'ScimResourceTypeList'),
        list([
          {
            schemas: [SCIM_SCHEMA.resourceType],
            id: 'User',
            name: 'User',
            endpoint: '/Users',
            description: 'Members of the workspace.',
            schema: SCIM_SCHEMA.user,
            schemaExtensions: [],
            meta: { resourceType: 'ResourceType' as const, location: `${exampleBase}/ResourceTypes/User` },
          },
        ]),
      ),
    },
    ...scimErrors(401, 429),
  },
});

// ---------------------------------------------------------------------------------------------------------
// Users

const userPath = '/scim/v2/{workspaceId}/Users/{scimUserId}';
const userParams = scimParams.extend({ scimUserId: scimId('scimUserId') });

export const scimListUsers = createRoute({
  operationId: 'scimListUsers',
  method: 'get',
  path: '/scim/v2/{workspaceId}/Users',
  tags: [TAG],
  summary: 'List or find users',
  description:
    'Filters: `userName eq "<e-mail>"` (case-insensitive), `id`, `externalId`, `emails.value` with `eq`; ' +
    'anything else is 400 invalidFilter. Ordered by id; paged by startIndex and count.',
  security: SCIM_TOKEN,
  request: { params: scimParams, query: ListQuery },
  responses: {
    200: {
      description: 'A ListResponse.',
      content: scimJson(listOf(ScimUser, 'ScimUserList'), list([exampleUser])),
    },
    ...scimErrors(400, 401, 429),
  },
});

export const scimCreateUser = createRoute({
  operationId: 'scimCreateUser',
  method: 'post',
  path: '/scim/v2/{workspaceId}/Users',
  tags: [TAG],
  summary: 'Provision a user',
  description:
    'Resolves or creates the person by e-mail (userName) and, when active, grants the membership (the default ' +
    'role, or their groups’). A userName another SCIM user here holds is 409 uniqueness.',
  security: SCIM_TOKEN,
  request: {
    params: scimParams,
    body: scimBody(ScimUserRequest, {
      schemas: [SCIM_SCHEMA.user],
      userName: 'ada@acme.test',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ value: 'ada@acme.test', type: 'work', primary: true }],
      displayName: 'Ada Lovelace',
      externalId: '00u1ada',
      active: true,
    }),
  },
  responses: {
    201: { description: 'Created.', headers: LOCATION, content: scimJson(ScimUser, exampleUser) },
    ...scimErrors(400, 401, 409, 413, 415, 429),
  },
});

export const scimGetUser = createRoute({
  operationId: 'scimGetUser',
  method: 'get',
  path: userPath,
  tags: [TAG],
  summary: 'Get a user',
  security: SCIM_TOKEN,
  request: { params: userParams },
  responses: {
    200: { description: 'The user.', content: scimJson(ScimUser, exampleUser) },
    ...scimErrors(401, 404, 429),
  },
});

export const scimReplaceUser = createRoute({
  operationId: 'scimReplaceUser',
  method: 'put',
  path: userPath,
  tags: [TAG],
  summary: 'Replace a user',
  description:
    'The representation replaces the stored one; an absent active keeps the stored value, active false ' +
    'deprovisions. A new userName moves the person’s e-mail when only this workspace knows them (else 409 ' +
    'mutability) and the address is free (else 409 uniqueness).',
  security: SCIM_TOKEN,
  request: {
    params: userParams,
    body: scimBody(ScimUserRequest, {
      schemas: [SCIM_SCHEMA.user],
      userName: EXAMPLE_EMAIL,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ value: EXAMPLE_EMAIL, type: 'work', primary: true }],
      displayName: 'Grace Hopper',
      externalId: '00u1grace',
      active: true,
    }),
  },
  responses: {
    200: { description: 'The user as stored.', content: scimJson(ScimUser, exampleUser) },
    ...scimErrors(400, 401, 404, 409, 413, 415, 429),
  },
});

export const scimPatchUser = createRoute({
  operationId: 'scimPatchUser',
  method: 'patch',
  path: userPath,
  tags: [TAG],
  summary: 'Patch a user (Okta and Entra shapes)',
  description:
    'Setting active to false (by path or a path-less value) deprovisions the member; the last owner cannot ' +
    'be deprovisioned (409 mutability). A new userName follows the rules of replace.',
  security: SCIM_TOKEN,
  request: {
    params: userParams,
    body: scimBody(ScimPatchRequest, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [{ op: 'Replace', path: 'displayName', value: 'Grace Hopper' }],
    }),
  },
  responses: {
    200: { description: 'The user after the operations.', content: scimJson(ScimUser, exampleUser) },
    ...scimErrors(400, 401, 404, 409, 413, 415, 429),
  },
});

export const scimDeleteUser = createRoute({
  operationId: 'scimDeleteUser',
  method: 'delete',
  path: userPath,
  tags: [TAG],
  summary: 'Deprovision a user and remove the resource',
  description:
    'The deprovision cascade, then the SCIM resource goes (a later GET is 404). The account stays.',
  security: SCIM_TOKEN,
  request: { params: userParams },
  responses: {
    204: { description: 'Deprovisioned.' },
    ...scimErrors(401, 404, 409, 429),
  },
});

// ---------------------------------------------------------------------------------------------------------
// Groups

const groupPath = '/scim/v2/{workspaceId}/Groups/{scimGroupId}';
const groupParams = scimParams.extend({ scimGroupId: scimId('scimGroupId') });

export const scimListGroups = createRoute({
  operationId: 'scimListGroups',
  method: 'get',
  path: '/scim/v2/{workspaceId}/Groups',
  tags: [TAG],
  summary: 'List or find groups',
  description:
    'Filters: `displayName eq "<name>"` (case-insensitive), `id`, `externalId` with `eq`; anything else is ' +
    '400 invalidFilter.',
  security: SCIM_TOKEN,
  request: { params: scimParams, query: ListQuery.extend(GroupReadQuery.shape) },
  responses: {
    200: {
      description: 'A ListResponse.',
      content: scimJson(listOf(ScimGroup, 'ScimGroupList'), list([exampleGroup])),
    },
    ...scimErrors(400, 401, 429),
  },
});

export const scimCreateGroup = createRoute({
  operationId: 'scimCreateGroup',
  method: 'post',
  path: '/scim/v2/{workspaceId}/Groups',
  tags: [TAG],
  summary: 'Create a group',
  description:
    'A group whose displayName is mapped (scim-group-roles) gives its members that role; an unmapped one ' +
    'confers nothing. Never creates a membership.',
  security: SCIM_TOKEN,
  request: {
    params: scimParams,
    body: scimBody(ScimGroupRequest, {
      schemas: [SCIM_SCHEMA.group],
      displayName: 'Support Agents',
      externalId: '00g1agents',
      members: [{ value: EXAMPLE_ID.scimUserId }],
    }),
  },
  responses: {
    201: { description: 'Created.', headers: LOCATION, content: scimJson(ScimGroup, exampleGroup) },
    ...scimErrors(400, 401, 413, 415, 429),
  },
});

export const scimGetGroup = createRoute({
  operationId: 'scimGetGroup',
  method: 'get',
  path: groupPath,
  tags: [TAG],
  summary: 'Get a group',
  security: SCIM_TOKEN,
  request: { params: groupParams, query: GroupReadQuery },
  responses: {
    200: { description: 'The group.', content: scimJson(ScimGroup, exampleGroup) },
    ...scimErrors(401, 404, 429),
  },
});

export const scimPatchGroup = createRoute({
  operationId: 'scimPatchGroup',
  method: 'patch',
  path: groupPath,
  tags: [TAG],
  summary: 'Patch a group: rename, add or remove members',
  description:
    'Members are added with a list of `{ value }` and removed by `members[value eq "<id>"]` or by path ' +
    '`members` with a list; roles follow the mapping. Never creates or removes a membership.',
  security: SCIM_TOKEN,
  request: {
    params: groupParams,
    body: scimBody(ScimPatchRequest, {
      schemas: [SCIM_SCHEMA.patchOp],
      Operations: [{ op: 'add', path: 'members', value: [{ value: EXAMPLE_ID.scimUserId }] }],
    }),
  },
  responses: {
    200: { description: 'The group after the operations.', content: scimJson(ScimGroup, exampleGroup) },
    ...scimErrors(400, 401, 404, 413, 415, 429),
  },
});

export const scimDeleteGroup = createRoute({
  operationId: 'scimDeleteGroup',
  method: 'delete',
  path: groupPath,
  tags: [TAG],
  summary: 'Delete a group',
  description: 'Its members return to the default role (or another group’s); nobody is removed.',
  security: SCIM_TOKEN,
  request: { params: groupParams },
  responses: {
    204: { description: 'Deleted.' },
    ...scimErrors(401, 404, 429),
  },
});

// ---------------------------------------------------------------------------------------------------------
// Portal settings (permission settings.manage)

export const ScimTokenMetadata = z
  .object({
    id: Ulid,
    created_at: DateTime,
    created_by: Ulid.nullable().openapi({
      description: 'The user who created it (null once they are gone).',
    }),
    last_used_at: DateTime.nullable(),
    revoked_at: DateTime.nullable(),
  })
  .openapi('ScimToken', { description: 'A SCIM token: metadata only, never the secret.' });

const exampleToken: z.output<typeof ScimTokenMetadata> = {
  id: EXAMPLE_ID.scimTokenId,
  created_at: EXAMPLE_TIME,
  created_by: EXAMPLE_ID.userId,
  last_used_at: null,
  revoked_at: null,
};

const tokenParams = workspaceParams.extend({ scimTokenId: ulidParam('scimTokenId') });

export const createScimToken = createRoute({
  operationId: 'createScimToken',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/scim-tokens',
  tags: [SETTINGS_TAG],
  summary: 'Create a SCIM token (the plaintext is returned once)',
  description:
    'The token your identity provider sends to /scim/v2/{workspaceId} as a bearer. It is in this answer only ' +
    '(the service keeps its SHA-256); tokens look like `sst_<workspace id><43 characters>`. A workspace may ' +
    'hold several. No body.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    201: {
      description: 'Created. Store token now: it cannot be shown again.',
      headers: NO_STORE,
      content: json(z.object({ data: ScimTokenMetadata, token: z.string() }).openapi('CreatedScimToken'), {
        data: exampleToken,
        token: `sst_${EXAMPLE_ID.workspaceId}Q3n8vYk2LmW8rYc4NdE6fGh1JpZ0sVa5KuB3xT7q9Rw`,
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const listScimTokens = createRoute({
  operationId: 'listScimTokens',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/scim-tokens',
  tags: [SETTINGS_TAG],
  summary: 'List SCIM tokens, revoked ones included',
  description: 'Metadata only: the secret is never shown again.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams, query: strictObject(pageQuery()) },
  responses: {
    200: {
      description: 'Tokens, newest first.',
      content: json(pageOf(ScimTokenMetadata), {
        meta: { next_cursor: null },
        data: [{ ...exampleToken, last_used_at: EXAMPLE_LATER }],
      }),
    },
    ...errorResponses(401, 403, 404, 422),
  },
});

export const revokeScimToken = createRoute({
  operationId: 'revokeScimToken',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/scim-tokens/{scimTokenId}',
  tags: [SETTINGS_TAG],
  summary: 'Revoke a SCIM token',
  description:
    'The next SCIM request with it answers 401. Repeating the call answers 200 with the original revoked_at.',
  security: PORTAL_SESSION,
  request: { params: tokenParams },
  responses: {
    200: {
      description: 'Revoked.',
      content: json(z.object({ data: ScimTokenMetadata }), {
        data: { ...exampleToken, revoked_at: EXAMPLE_LATER },
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const ScimGroupRole = z
  .object({
    display_name: z.string().openapi({ description: 'The group displayName, lower-cased.' }),
    role: z.enum(GROUP_ROLES),
  })
  .openapi('ScimGroupRole');

const groupRoles = (example: z.output<typeof ScimGroupRole>[]) =>
  json(z.object({ data: z.array(ScimGroupRole) }).openapi('ScimGroupRoles'), { data: example });

export const getScimGroupRoles = createRoute({
  operationId: 'getScimGroupRoles',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/scim-group-roles',
  tags: [SETTINGS_TAG],
  summary: 'The group → role mapping',
  description: 'Every mapped group displayName and its role, by name.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The mapping.',
      content: groupRoles([{ display_name: 'support admins', role: 'admin' }]),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const putScimGroupRoles = createRoute({
  operationId: 'putScimGroupRoles',
  method: 'put',
  path: '/api/v1/workspaces/{workspaceId}/scim-group-roles',
  tags: [SETTINGS_TAG],
  summary: 'Map a group displayName to a role, or unmap it',
  description:
    'Matching is case-insensitive; the role is capped at admin (`owner` is 422); null removes the mapping. ' +
    'The members of such groups get their roles again at once. Answers the whole mapping.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    body: jsonBody(
      strictObject({
        display_name: z.string().max(500),
        role: z.string().max(20).nullable().openapi({ description: '`admin`, `member`, or null to unmap.' }),
      }).openapi('PutScimGroupRoleRequest'),
      { display_name: 'Support Admins', role: 'admin' },
    ),
  },
  responses: {
    200: {
      description: 'The mapping after the change.',
      content: groupRoles([{ display_name: 'support admins', role: 'admin' }]),
    },
    ...errorResponses(401, 403, 404, 415, 422),
  },
});
