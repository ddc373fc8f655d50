import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { addressKey } from '../../../server-core/ratelimit/address-key';
import { bootWidget } from '../../../server-core/widget/boot-widget';
import { clientIp } from '../../client-ip';
import * as boot from '../../contract/widget-boot';
import type { AppEnv } from '../../env';
import { bearerVisitorToken } from '../../middleware/visitor';
import type { Services } from '../../services';
import { attachmentsConfigured } from './attachments';

/** An Origin other than the service's own is a customer page: its first boot marks the widget installed. */
function isCustomerPage(c: Context<AppEnv>, publicUrl: string): boolean {
  const origin = c.req.header('Origin');
  if (!origin || origin === 'null') return false;
  return origin !== new URL(publicUrl).origin;
}

export function registerWidgetBootRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(boot.widgetBoot, async (c) => {
    const { website_id } = c.req.valid('query');
    const result = await bootWidget(
      {
        ...services,
        visitorTokenKey: services.keys.visitorToken,
        attachmentsConfigured: attachmentsConfigured(services),
      },
      {
        websiteId: website_id.toLowerCase(),
        token: bearerVisitorToken(c.req.header('Authorization')),
        countsAsInstall: isCustomerPage(c, services.config.publicUrl),
        throttle: {
          address: addressKey(clientIp(c, services.config.trustProxy)),
          perMinute: services.config.widgetLimits.bootsPerMinute,
        },
      },
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ data: boot.bootJson(result) }, 200);
  });
}
