import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError } from '../../../server-core/lib/errors';
import { login } from '../../../server-core/members/login';
import { listMemberships } from '../../../server-core/members/memberships';
import { deleteSessionByToken, findSession } from '../../../server-core/members/sessions';
import { findUserById } from '../../../server-core/members/users';
import { clientIp } from '../../client-ip';
import * as auth from '../../contract/auth';
import type { AppEnv } from '../../env';
import { assertCsrf } from '../../middleware/session';
import {
  clearSessionCookies,
  csrfTokenFor,
  readSessionToken,
  setSessionCookies,
} from '../../middleware/session/cookies';
import type { Services } from '../../services';

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(auth.login, async (c) => {
    const body = c.req.valid('json');
    const result = await login(
      services.db,
      {
        email: body.email,
        password: body.password,
        ip: clientIp(c, services.config.trustProxy),
        userAgent: c.req.header('User-Agent') ?? null,
        now: services.clock.now(),
      },
      services.config.login,
    );
    const csrf = setSessionCookies(c, services, result.token, result.session.expires_at);
    c.header('Cache-Control', 'no-store');
    const memberships = await listMemberships(services.db, result.user.id);
    return c.json({ data: auth.loginJson(result, memberships, csrf) }, 200);
  });

  app.openapi(auth.logout, async (c) => {
    const token = readSessionToken(c, services);
    if (token && (await findSession(services.db, token, services.clock.now()))) {
      assertCsrf(services, 'POST', c.req.header('X-CSRF-Token'), token);
      await deleteSessionByToken(services.db, token);
    }
    clearSessionCookies(c, services);
    return c.body(null, 204);
  });

  app.openapi(auth.getSession, async (c) => {
    const token = readSessionToken(c, services);
    const session = await findSession(services.db, token, services.clock.now());
    const user = session && (await findUserById(services.db, session.user_id));
    if (!token || !session || !user) throw new DomainError('unauthenticated');
    const memberships = await listMemberships(services.db, user.id);
    c.header('Cache-Control', 'no-store');
    return c.json(
      {
        data: {
          user,
          memberships,
          csrf_token: csrfTokenFor(services, token),
          expires_at: session.expires_at.toISOString(),
        },
      },
      200,
    );
  });
}
