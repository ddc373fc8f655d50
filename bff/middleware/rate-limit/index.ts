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
export const rateLimit = (services: Services): MiddlewareHandler<AppEnv> =>
  async function rateLimit(c, next) {
    const credential = c.get('credential');
    if (!credential) throw new Error('rateLimit must be mounted after an auth middleware');
    const { rateLimitPerKey, rateLimitPerWorkspace } = services.config;
    const decision = await services.rateLimiter.check([
      {
        workspaceId: credential.workspaceId,
        name: credential.scope,
        rule: { limit: rateLimitPerKey, windowMs: MINUTE_MS },
      },
      {
        workspaceId: credential.workspaceId,
        name: 'workspace',
        rule: { limit: rateLimitPerWorkspace, windowMs: MINUTE_MS },
      },
    ]);
    const headers = {
      'RateLimit-Limit': String(decision.limit),
      'RateLimit-Remaining': String(decision.remaining),
      'RateLimit-Reset': String(decision.resetSeconds),
      'RateLimit-Policy': `${rateLimitPerKey};w=60;scope=credential, ${rateLimitPerWorkspace};w=60;scope=workspace`,
    };
    if (!decision.allowed) {
      // The refusal carries the RateLimit headers too; the error middleware adds Retry-After.
      for (const [name, value] of Object.entries(headers)) c.header(name, value);
      throw rateLimited(decision);
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
