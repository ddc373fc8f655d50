import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { getInstallInfo } from '../../../server-core/widget/install-info';
import type { AppEnv } from '../../env';
import { errorResponses } from '../../openapi/schemas';
import type { Services } from '../../services';
import { installInfoJson, WidgetInstallInfo, websiteIdQuery } from './schemas';

export const WIDGET_TAG = 'Widget';

/** GET /widget/install: the snippet and agent instructions, named by the (public) website id. */
export function registerWidgetInstallRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(
    createRoute({
      operationId: 'widgetInstall',
      method: 'get',
      path: '/widget/install',
      tags: [WIDGET_TAG],
      summary: 'Issue the install snippet and agent instructions',
      description:
        'Public: the website id is in every page that carries the snippet. Unknown website ids answer 404.',
      request: { query: websiteIdQuery },
      responses: {
        200: {
          description: 'Install info.',
          content: { 'application/json': { schema: z.object({ data: WidgetInstallInfo }) } },
        },
        ...errorResponses(404, 422),
      },
    }),
    async (c) => {
      const { website_id } = c.req.valid('query');
      const info = await getInstallInfo(
        services.db,
        { websiteId: website_id.toLowerCase() },
        { cdnUrl: services.config.widgetCdnUrl, apiUrl: services.config.publicUrl },
      );
      return c.json({ data: installInfoJson(info) }, 200);
    },
  );
}
