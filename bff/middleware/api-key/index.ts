import type { MiddlewareHandler } from 'hono';
import type { Ability } from '../../../server-core/apikeys/abilities';
import { DomainError } from '../../../server-core/lib/errors';
import { looksLikeAccessToken } from '../../../server-core/oauth/token-format';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

const invalidCredential = () => new DomainError('invalid_api_key');

/**
 * Public API authentication: `Authorization: Bearer <key>`, a workspace API key or an OAuth access
 * token (`oat_…`, server-core/oauth/access-tokens.ts). Unknown, malformed, revoked and expired keys
 * all answer the same 401 (the reason would be an oracle). The key names the workspace.
 */
export const requireApiKey = (services: Services): MiddlewareHandler<AppEnv> =>
  async function requireApiKey(c, next) {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer ([^\s]{1,200})$/i.exec(header);
    if (!match) throw invalidCredential();
    const bearer = match[1]!;
    if (looksLikeAccessToken(bearer)) {
      // An OAuth access token: the same credential shape, its scopes as abilities, the install as scope.
      const token = await services.accessTokens.authenticate(bearer);
      if (!token) throw invalidCredential();
      c.set('credential', {
        kind: 'oauth',
        id: token.tokenId,
        oauthAppId: token.appId,
        scope: `oauth_install:${token.installId}`,
        workspaceId: token.workspaceId,
        abilities: token.abilities,
      });
      return next();
    }
    const principal = await services.apiKeys.authenticate(bearer);
    if (!principal) throw invalidCredential();
    c.set('credential', {
      kind: 'api_key',
      id: principal.keyId,
      scope: `api_key:${principal.keyId}`,
      workspaceId: principal.workspaceId,
      abilities: principal.abilities,
    });
    await next();
  };

/**
 * The one ability check of the public API (OAuth access tokens plug into the same credential).
 * Every listed ability is needed; a missing one answers 403 missing_ability.
 */
export const requireAbility = (...abilities: Ability[]): MiddlewareHandler<AppEnv> =>
  async function requireAbility(c, next) {
    const held = c.get('credential')?.abilities ?? [];
    const missing = abilities.filter((a) => !held.includes(a));
    if (missing.length > 0) {
      throw new DomainError(
        'missing_ability',
        { required: abilities, missing },
        `This credential lacks the ability ${missing.join(', ')}.`,
      );
    }
    await next();
  };
