import type { Context } from 'hono';
import { authenticateClient } from '../../../server-core/oauth/client-auth';
import type { OAuthApp } from '../../../server-core/oauth/oauth-apps';
import { rateLimited } from '../../../server-core/ratelimit/rate-limited';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { clientCredentials } from './client-credentials';

const MINUTE_MS = 60_000;

/**
 * The client of a token or introspection request: credentials read, the client's own rate limit
 * counted (before the secret is checked, so guessing a client's secret is throttled too), then the
 * secret checked in constant time.
 */
export async function authenticatedClient(
  c: Context<AppEnv>,
  services: Services,
  form: { client_id?: string; client_secret?: string },
): Promise<OAuthApp> {
  const credentials = clientCredentials(c.req.header('Authorization'), form);
  return authenticateClient(services.db, credentials, async (app) => {
    const limit = services.config.rateLimitPerKey;
    const decision = await services.rateLimiter.check([
      { workspaceId: app.workspace_id, name: `oauth_client:${app.id}`, rule: { limit, windowMs: MINUTE_MS } },
    ]);
    c.header('RateLimit-Limit', String(decision.limit));
    c.header('RateLimit-Remaining', String(decision.remaining));
    c.header('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) throw rateLimited(decision);
  });
}
