import type { OpenAPIHono } from '@hono/zod-openapi';
import { login } from '../../../server-core/members/login';
import { listMemberships } from '../../../server-core/members/memberships';
import { deleteSessionByToken, findSession } from '../../../server-core/members/sessions';
import { clientIp } from '../../client-ip';
import * as auth from '../../contract/auth';
import type { AppEnv } from '../../env';
import { assertCsrf } from '../../middleware/session';
import { clearSessionCookies, readSessionToken, setSessionCookies } from '../../middleware/session/cookies';
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
}
