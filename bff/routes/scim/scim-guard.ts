import type { Context, MiddlewareHandler } from 'hono';
import type { Ctx } from '../../../server-core/context';
import { DomainError } from '../../../server-core/lib/errors';
import { parseUlid } from '../../../server-core/lib/ulid';
import { authenticateScimToken } from '../../../server-core/scim/scim-tokens';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/** Errors of /scim/v2 answer the RFC 7644 error schema as application/scim+json (respond.ts). */
export const scimErrorShape: MiddlewareHandler<AppEnv> = async function scimErrorShape(c, next) {
  c.set('errorShape', 'scim');
  await next();
};

/**
 * Every /scim/v2 path: `Authorization: Bearer <SCIM token>` of the path's workspace. Missing, malformed,
 * unknown, another workspace's token, an API key or an OAuth token: the same 401 (never data).
 */
export const requireScimToken = (services: Services): MiddlewareHandler<AppEnv> =>
  async function requireScimToken(c, next) {
    const match = /^Bearer ([^\s]{1,200})$/i.exec(c.req.header('Authorization') ?? '');
    const workspaceId = parseUlid(c.req.param('workspaceId'));
    const tokenId =
      match && workspaceId
        ? await authenticateScimToken(services.db, workspaceId, match[1]!, services.clock.now())
        : null;
    if (!tokenId || !workspaceId) throw new DomainError('invalid_scim_token');
    c.set('credential', { kind: 'scim', scope: `scim_token:${tokenId}`, workspaceId, id: tokenId });
    await next();
  };

/** The server-core context of a SCIM request: the token's workspace, the token as actor. */
export function scimCtx(c: Context<AppEnv>, services: Services): Ctx {
  const credential = c.get('credential');
  if (credential?.kind !== 'scim' || !credential.id) throw new Error('scimCtx needs requireScimToken first');
  return {
    db: services.db,
    clock: services.clock,
    workspaceId: credential.workspaceId,
    actor: { type: 'scim_token', id: credential.id },
    requestId: c.get('requestId'),
  };
}

const SCIM_BODY = /^application\/(scim\+)?json$/i;

/**
 * The JSON object of a SCIM request body: application/scim+json or application/json (415 otherwise),
 * parsed here so a malformed body is 400 invalidSyntax and a non-object 400 invalidValue, never a 500.
 */
export async function scimBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim();
  if (!SCIM_BODY.test(mediaType))
    throw new DomainError('unsupported_media_type', { content_type: mediaType || null });
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new DomainError('invalid_json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new DomainError('validation_failed', { field: '(root)' }, 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** RFC 7644 section 3.4.2.4 paging: startIndex < 1 means 1, count < 0 means 0, count capped at 200. */
export function scimPaging(
  c: Context<AppEnv>,
  defaults: { count: number; max: number },
): { startIndex: number; count: number } {
  const int = (name: string, fallback: number) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw.trim())) {
      throw new DomainError('validation_failed', { field: name }, `${name} must be an integer.`);
    }
    return Number(raw.trim());
  };
  return {
    startIndex: Math.max(1, int('startIndex', 1)),
    count: Math.min(defaults.max, Math.max(0, int('count', defaults.count))),
  };
}
