import type { MiddlewareHandler } from 'hono';
import type { Ability } from '../../server-core/apikeys/abilities';
import type { Flag } from '../../server-core/flags/catalog';
import type { Permission } from '../../server-core/members/catalog';
import type { AppEnv } from '../env';
import { requireAbility, requireApiKey } from '../middleware/api-key';
import { requireFlag } from '../middleware/flags';
import { idempotency } from '../middleware/idempotency';
import { rateLimit } from '../middleware/rate-limit';
import { requireMember } from '../middleware/session';
import type { Services } from '../services';

/**
 * The middleware chain of a public API operation, in order: API key (401), feature flags (404: the
 * operation does not exist for the workspace), rate limits (429), abilities (403), idempotency on POST.
 */
export function publicApi(
  services: Services,
  opts: { abilities: Ability[]; flags?: Flag[] },
): MiddlewareHandler<AppEnv>[] {
  return [
    requireApiKey(services),
    requireFlag(services, 'feature.api.public_v1', ...(opts.flags ?? [])),
    rateLimit(services),
    requireAbility(...opts.abilities),
    idempotency(services),
  ];
}

/** A portal operation on /workspaces/{workspaceId}/...: session, CSRF, membership, permission, flags, idempotency. */
export function portalApi(
  services: Services,
  opts: { permission?: Permission; flags?: Flag[] } = {},
): MiddlewareHandler<AppEnv>[] {
  return [
    requireMember(services, opts.permission),
    ...(opts.flags?.length ? [requireFlag(services, ...opts.flags)] : []),
    idempotency(services),
  ];
}
