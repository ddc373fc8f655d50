import { createNotifiedCache } from '../cache/notified-cache';
import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';
import { SECOND } from '../lib/clock';
import {
  type AccessRow,
  type AccessTokenPrincipal,
  accessTokenPrincipal,
  findAccessToken,
  isLive,
} from './access-tokens';
import { hashCredential, parseCredential } from './token-format';
import { OAUTH_TOKENS_CHANNEL } from './tokens-channel';

/**
 * The public API's view of a bearer access token, cached per node like API keys: every revocation path
 * (the token's grant or family, its install, the app, the member who granted it) notifies
 * OAUTH_TOKENS_CHANNEL, so a revoked token is refused on the node that revoked it at once and on the
 * others as soon as the notification arrives (the 10 s TTL is the safety net). Expiry is checked on every
 * request against the cached expires_at. Unknown, expired and revoked tokens all answer null.
 */
export function createAccessTokenAuthenticator(deps: { db: Db; clock: Clock }) {
  const cache = createNotifiedCache<AccessRow | null>({
    ...deps,
    channel: OAUTH_TOKENS_CHANNEL,
    ttlMs: 10 * SECOND,
    maxEntries: 10_000,
  });
  return {
    async authenticate(bearer: string): Promise<AccessTokenPrincipal | null> {
      const workspaceId = parseCredential('access', bearer);
      if (!workspaceId) return null;
      const row = await cache.get(hashCredential(bearer), workspaceId, () =>
        findAccessToken(deps.db, bearer),
      );
      return isLive(row, deps.clock.now()) ? accessTokenPrincipal(row) : null;
    },
  };
}

export type AccessTokenAuthenticator = ReturnType<typeof createAccessTokenAuthenticator>;
