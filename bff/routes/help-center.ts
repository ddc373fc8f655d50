import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { workspaceForHost } from '../../server-core/help-center/help-center-hosts';
import { searchHelpCenter } from '../../server-core/help-center/search-help-center';
import { notFound } from '../../server-core/lib/errors';
import { addressKey } from '../../server-core/ratelimit/address-key';
import { throttleAddress } from '../../server-core/ratelimit/throttle-address';
import { clientIp } from '../client-ip';
import * as helpCenter from '../contract/help-center';
import type { AppEnv } from '../env';
import { type Services, searchDeps } from '../services';

type HelpCenterEnv = AppEnv & { Variables: AppEnv['Variables'] & { helpCenterWorkspaceId?: string } };

/** The tenant from the Host header alone (never X-Forwarded-Host, a token or an id); other hosts 404. */
const requireHelpCenterHost = (services: Services): MiddlewareHandler<HelpCenterEnv> =>
  async function requireHelpCenterHost(c, next) {
    const workspaceId = await workspaceForHost(services.db, c.req.header('Host'));
    if (!workspaceId) throw notFound();
    await throttleAddress(
      services.rateLimiter,
      {
        workspaceId,
        name: 'help_center',
        address: addressKey(clientIp(c, services.config.trustProxy)),
        perMinute: helpCenter.HELP_CENTER_RATE_PER_MINUTE,
      },
      'Too many searches. Slow down and retry after the reset.',
    );
    c.set('helpCenterWorkspaceId', workspaceId);
    await next();
  };

export function registerHelpCenterRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  (app as unknown as OpenAPIHono<HelpCenterEnv>).openapi(
    { ...helpCenter.helpCenterSearch, middleware: [requireHelpCenterHost(services)] },
    async (c) => {
      const { q } = c.req.valid('query');
      const results = await searchHelpCenter(
        {
          db: services.db,
          clock: services.clock,
          workspaceId: c.get('helpCenterWorkspaceId')!,
          actor: { type: 'system', id: null },
          requestId: c.get('requestId'),
        },
        searchDeps(services),
        q,
      );
      return c.json({ data: results }, 200);
    },
  );
}
