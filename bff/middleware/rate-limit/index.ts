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
    const setHeaders = (set: (name: string, value: string) => void) => {
      set('RateLimit-Limit', String(decision.limit));
      set('RateLimit-Remaining', String(decision.remaining));
      set('RateLimit-Reset', String(decision.resetSeconds));
      set('RateLimit-Policy', policy);
    };
    if (!decision.allowed) {
      // The refusal carries the RateLimit headers too; the error middleware adds Retry-After.
      setHeaders((name, value) => c.header(name, value));
      throw rateLimited(decision);
    }
    await next();
    setHeaders((name, value) => c.res.headers.set(name, value));
  };
};
