import type { OpenAPIHono } from '@hono/zod-openapi';
import { getInstallInfo } from '../../../server-core/widget/install-info';
import * as install from '../../contract/widget-install';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';

/** GET /widget/install: the snippet and agent instructions, named by the (public) website id. */
export function registerWidgetInstallRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(install.widgetInstall, async (c) => {
    const { website_id } = c.req.valid('query');
    const info = await getInstallInfo(
      services.db,
      { websiteId: website_id.toLowerCase() },
      { cdnUrl: services.config.widgetCdnUrl, apiUrl: services.config.publicUrl },
    );
    return c.json({ data: install.installInfoJson(info) }, 200);
  });
}
