import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../../server-core/lib/errors';
import { groupDisplayName, patchOperations } from '../../../server-core/scim/patch';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
} from '../../../server-core/scim/scim-groups';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
  SCIM_DEFAULT_COUNT,
  SCIM_MAX_COUNT,
} from '../../../server-core/scim/scim-users';
import { scimText, userFieldsOf } from '../../../server-core/scim/user-fields';
import * as contract from '../../contract/scim';
import {
  resourceTypesJson,
  schemasJson,
  scimBase,
  scimGroupJson,
  scimListJson,
  scimUserJson,
  serviceProviderConfigJson,
} from '../../contract/scim-wire';
import type { AppEnv } from '../../env';
import { SCIM_MEDIA_TYPE } from '../../middleware/errors/respond';
import { rateLimit } from '../../middleware/rate-limit';
import type { Services } from '../../services';
import { requireScimToken, scimBody, scimCtx, scimPaging } from './scim-guard';

/**
 * A SCIM answer: the body as application/scim+json. Typed as the JSON it is (c.json would say
 * application/json), so the compiler checks each body against the contract's schema for the status.
 */
const scim = <T, S extends ContentfulStatusCode = 200>(
  c: Context<AppEnv>,
  body: T,
  status: S = 200 as S,
  headers: Record<string, string> = {},
) =>
  c.body(JSON.stringify(body), status, {
    'Content-Type': SCIM_MEDIA_TYPE,
    ...headers,
  }) as unknown as TypedResponse<T, S, 'json'>;

/** `filter` once at most; a second one is ambiguous (400). */
function filterOf(c: Context<AppEnv>): string | undefined {
  const all = c.req.queries('filter') ?? [];
  if (all.length > 1) throw new DomainError('scim_invalid_filter', { filter: all.join(' ').slice(0, 200) });
  return all[0];
}

const membersExcluded = (c: Context<AppEnv>) =>
  (c.req.query('excludedAttributes') ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .includes('members');

/**
 * SCIM 2.0 provisioning under /scim/v2/{workspaceId} (spec service-api.md section 4.6; the operationIds of
 * OPERATIONS.md). RFC 7643/7644 payloads, not the house envelope; unknown attributes and query parameters
 * are ignored as RFC 7644 allows (the contract's request objects are loose; the parsing and its 400s are
 * server-core's). Every path needs a SCIM token of its workspace, then passes the rate limits of a credential
 * (per token and per workspace, as API keys).
 */
export function registerScimRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const base = '/scim/v2/:workspaceId';
  app.use(`${base}/*`, requireScimToken(services), rateLimit(services));
  const where = (c: Context<AppEnv>) => scimBase(services.config.publicUrl, scimCtx(c, services).workspaceId);

  // scimServiceProviderConfig
  app.openapi(contract.scimServiceProviderConfig, (c) => scim(c, serviceProviderConfigJson(where(c))));

  // scimListSchemas, scimListResourceTypes (RFC 7644 section 4)
  app.openapi(contract.scimListSchemas, (c) => scim(c, schemasJson(where(c))));
  app.openapi(contract.scimListResourceTypes, (c) => scim(c, resourceTypesJson(where(c))));

  // scimListUsers
  app.openapi(contract.scimListUsers, async (c) => {
    const paging = scimPaging(c, { count: SCIM_DEFAULT_COUNT, max: SCIM_MAX_COUNT });
    const page = await listScimUsers(scimCtx(c, services), { filter: filterOf(c), ...paging });
    return scim(
      c,
      scimListJson(
        page,
        page.resources.map((u) => scimUserJson(u, where(c))),
      ),
    );
  });

  // scimCreateUser
  app.openapi(contract.scimCreateUser, async (c) => {
    const fields = userFieldsOf(await scimBody(c));
    const user = await createScimUser(scimCtx(c, services), fields);
    const body = scimUserJson(user, where(c));
    return scim(c, body, 201, { Location: body.meta.location });
  });

  // scimGetUser
  app.openapi(contract.scimGetUser, async (c) => {
    const user = await getScimUser(scimCtx(c, services), c.req.param('scimUserId'));
    return scim(c, scimUserJson(user, where(c)));
  });

  // scimReplaceUser
  app.openapi(contract.scimReplaceUser, async (c) => {
    const body = await scimBody(c);
    const user = await replaceScimUser(scimCtx(c, services), c.req.param('scimUserId'), body);
    return scim(c, scimUserJson(user, where(c)));
  });

  // scimPatchUser
  app.openapi(contract.scimPatchUser, async (c) => {
    const operations = patchOperations(await scimBody(c));
    const user = await patchScimUser(scimCtx(c, services), c.req.param('scimUserId'), operations);
    return scim(c, scimUserJson(user, where(c)));
  });

  // scimDeleteUser
  app.openapi(contract.scimDeleteUser, async (c) => {
    await deleteScimUser(scimCtx(c, services), c.req.param('scimUserId'));
    return c.body(null, 204);
  });

  // scimListGroups
  app.openapi(contract.scimListGroups, async (c) => {
    const paging = scimPaging(c, { count: SCIM_DEFAULT_COUNT, max: SCIM_MAX_COUNT });
    const members = !membersExcluded(c);
    const page = await listScimGroups(scimCtx(c, services), { filter: filterOf(c), ...paging, members });
    return scim(
      c,
      scimListJson(
        page,
        page.resources.map((g) => scimGroupJson(g, where(c), members)),
      ),
    );
  });

  // scimCreateGroup
  app.openapi(contract.scimCreateGroup, async (c) => {
    const body = await scimBody(c);
    const members = Array.isArray(body.members) ? body.members : [];
    const group = await createScimGroup(scimCtx(c, services), {
      displayName: groupDisplayName(body.displayName),
      externalId: scimText(body.externalId, 'externalId'),
      members: members.map((m) => {
        const value = typeof m === 'object' && m !== null ? (m as Record<string, unknown>).value : undefined;
        if (typeof value !== 'string' || value.length > 100) {
          throw new DomainError(
            'validation_failed',
            { field: 'members' },
            'A member is { value: "<user id>" }.',
          );
        }
        return value;
      }),
    });
    const json = scimGroupJson(group, where(c));
    return scim(c, json, 201, { Location: json.meta.location });
  });

  // scimGetGroup
  app.openapi(contract.scimGetGroup, async (c) => {
    const members = !membersExcluded(c);
    const group = await getScimGroup(scimCtx(c, services), c.req.param('scimGroupId'), { members });
    return scim(c, scimGroupJson(group, where(c), members));
  });

  // scimPatchGroup
  app.openapi(contract.scimPatchGroup, async (c) => {
    const operations = patchOperations(await scimBody(c));
    const group = await patchScimGroup(scimCtx(c, services), c.req.param('scimGroupId'), operations);
    return scim(c, scimGroupJson(group, where(c)));
  });

  // scimDeleteGroup
  app.openapi(contract.scimDeleteGroup, async (c) => {
    await deleteScimGroup(scimCtx(c, services), c.req.param('scimGroupId'));
    return c.body(null, 204);
  });
}
