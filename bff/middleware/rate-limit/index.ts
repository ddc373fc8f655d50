import type { MiddlewareHandler } from 'hono';
import { rateLimited } from '../../../server-core/ratelimit/rate-limited';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

const MINUTE_MS = 60_000;

/**
 * Per-credential and per-workspace request limits, shared by every node through the database.
 * Every answer carries RateLimit-Limit / -Remaining / -Reset and RateLimit-Policy; a refusal is 429
 * with Retry-After.
 */
export const rateLimit = (services: Services): MiddlewareHandler<AppEnv> => {
  const { rateLimitPerKey, rateLimitPerWorkspace } = services.config;
  const policy = `${rateLimitPerKey};w=60;scope=credential, ${rateLimitPerWorkspace};w=60;scope=workspace`;
  const limitPerKey = { limit: rateLimitPerKey, windowMs: MINUTE_MS };
  const limitPerWorkspace = { limit: rateLimitPerWorkspace, windowMs: MINUTE_MS };
  return async function rateLimit(c, next) {
    const credential = c.get('credential');
    if (!credential) throw new Error('rateLimit must be mounted after an auth middleware');
    const decision = await services.rateLimiter.check([
      { workspaceId: credential.workspaceId, name: credential.scope, rule: limitPerKey },
      { workspaceId: credential.workspaceId, name: 'workspace', rule: limitPerWorkspace },
    ]);
    if (!decision.allowed) {
      // The refusal carries the RateLimit headers too; the error middleware adds Retry-After.
      c.header('RateLimit-Limit', String(decision.limit));
      c.header('RateLimit-Remaining', String(decision.remaining));
      c.header('RateLimit-Reset', String(decision.resetSeconds));
      c.header('RateLimit-Policy', policy);
      throw rateLimited(decision);
    }
    await next();
    const headers = c.res.headers;
    headers.set('RateLimit-Limit', String(decision.limit));
    headers.set('RateLimit-Remaining', String(decision.remaining));
    headers.set('RateLimit-Reset', String(decision.resetSeconds));
    headers.set('RateLimit-Policy', policy);
  };
};
