import { getConnInfo } from '@hono/node-server/conninfo';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { login } from '../../../server-core/members/login';
import { listMemberships } from '../../../server-core/members/memberships';
import { deleteSessionByToken, findSession } from '../../../server-core/members/sessions';
import type { AppEnv } from '../../env';
import { assertCsrf } from '../../middleware/session';
import { clearSessionCookies, readSessionToken, setSessionCookies } from '../../middleware/session/cookies';
import { DateTime, errorResponses, Ulid } from '../../openapi/schemas';
import type { Services } from '../../services';

/** The caller's address: the socket peer, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const Membership = z.object({
  workspace_id: Ulid,
  workspace_name: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  permissions: z.array(z.string()),
});

const LoginRequest = z
  .object({
    email: z.string().trim().min(3).max(320).openapi({ example: 'owner@demo.test' }),
    password: z.string().min(1).max(1024),
  })
  .openapi('LoginRequest');

const LoginResponse = z
  .object({
    data: z.object({
      user: z.object({ id: Ulid, email: z.string(), name: z.string().nullable() }),
      memberships: z.array(Membership),
      csrf_token: z.string().openapi({ description: 'Send as X-CSRF-Token on every portal write.' }),
      expires_at: DateTime,
    }),
  })
  .openapi('LoginResponse');

const loginRoute = createRoute({
  operationId: 'login',
  method: 'post',
  path: '/api/v1/auth/login',
  tags: ['Portal: auth'],
  summary: 'Sign in to the portal',
  description:
    'Checks the email and password and starts a 12-hour session: an httpOnly, SameSite=Lax session cookie ' +
    '(Secure outside loopback) and a CSRF token for writes. Failed attempts are throttled per email (5 per ' +
    '15 minutes) and per client address (50 per 15 minutes) with 429 and Retry-After. Idempotency-Key is not ' +
    'honoured here: a sign-in is never replayed.',
  request: { body: { required: true, content: { 'application/json': { schema: LoginRequest } } } },
  responses: {
    200: { description: 'Signed in.', content: { 'application/json': { schema: LoginResponse } } },
    ...errorResponses(401, 415, 422, 429),
  },
});

const logoutRoute = createRoute({
  operationId: 'logout',
  method: 'post',
  path: '/api/v1/auth/logout',
  tags: ['Portal: auth'],
  summary: 'Sign out of the portal',
  description:
    'Ends the session named by the cookie (X-CSRF-Token required while one is live) and clears the cookies. ' +
    'Without a live session it answers 204 as well.',
  security: [{ portalSession: [] }],
  responses: { 204: { description: 'Signed out.' }, ...errorResponses(403) },
});

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(loginRoute, async (c) => {
    const body = c.req.valid('json');
    const result = await login(services.db, {
      email: body.email,
      password: body.password,
      ip: clientIp(c, services.config.trustProxy),
      userAgent: c.req.header('User-Agent') ?? null,
      now: services.clock.now(),
    });
    const csrf = setSessionCookies(c, services, result.token, result.session.expires_at);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        data: {
          user: result.user,
          memberships: await listMemberships(services.db, result.user.id),
          csrf_token: csrf,
          expires_at: result.session.expires_at.toISOString(),
        },
      },
      200,
    );
  });

  app.openapi(logoutRoute, async (c) => {
    const token = readSessionToken(c, services);
    if (token && (await findSession(services.db, token, services.clock.now()))) {
      assertCsrf(services, 'POST', c.req.header('X-CSRF-Token'), token);
      await deleteSessionByToken(services.db, token);
    }
    clearSessionCookies(c, services);
    return c.body(null, 204);
  });
}
