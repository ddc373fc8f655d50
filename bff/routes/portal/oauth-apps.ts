import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteOAuthApp, listOAuthApps, registerOAuthApp } from '../../../server-core/oauth/oauth-apps';
import { listOAuthInstalls, revokeOAuthInstall } from '../../../server-core/oauth/oauth-installs';
import * as oauthApps from '../../contract/oauth-apps';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** The rollout flag of the OAuth app platform: registration and the consent flow only (spec 4.4 rule 7). */
export const OAUTH_FLAG = 'feature.oauth.app_platform';

export function registerOAuthAppRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const manage = portalApi(services, { permission: 'api_keys.manage' });
  // The flag's 404 comes from the guard chain, before the validators read the body.
  const register = portalApi(services, { permission: 'api_keys.manage', flags: [OAUTH_FLAG] });

  app.openapi({ ...oauthApps.registerOAuthApp, middleware: register }, async (c) => {
    const body = c.req.valid('json');
    const { app: created, clientSecret } = await registerOAuthApp(requestCtx(c, services), {
      name: body.name,
      redirectUris: body.redirect_uris,
      scopes: body.scopes,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: oauthApps.oauthAppJson(created), client_secret: clientSecret }, 201);
  });

  app.openapi({ ...oauthApps.listOAuthApps, middleware: manage }, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listOAuthApps(requestCtx(c, services), { limit, beforeId: cursorPosition(cursor) });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(oauthApps.oauthAppJson) }, 200);
  });

  app.openapi({ ...oauthApps.deleteOAuthApp, middleware: manage }, async (c) => {
    await deleteOAuthApp(requestCtx(c, services), c.req.valid('param').appId.toLowerCase());
    return c.body(null, 204);
  });

  app.openapi({ ...oauthApps.listOAuthInstalls, middleware: manage }, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listOAuthInstalls(requestCtx(c, services), {
      limit,
      beforeId: cursorPosition(cursor),
    });
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(oauthApps.oauthInstallJson) }, 200);
  });

  app.openapi({ ...oauthApps.revokeOAuthInstall, middleware: manage }, async (c) => {
    const install = await revokeOAuthInstall(
      requestCtx(c, services),
      c.req.valid('param').installId.toLowerCase(),
    );
    return c.json({ data: oauthApps.oauthInstallJson(install) }, 200);
  });
}
