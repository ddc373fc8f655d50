import type { OpenAPIHono } from '@hono/zod-openapi';
import { addressKey } from '../../../server-core/ratelimit/address-key';
import { throttleAddress } from '../../../server-core/ratelimit/throttle-address';
import {
  accessLevelsFor,
  getHelpArticle,
  type HelpAudience,
} from '../../../server-core/widget/help-articles';
import { searchHelp } from '../../../server-core/widget/search-help';
import { clientIp } from '../../client-ip';
import * as help from '../../contract/widget-help';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import { type Services, searchDeps } from '../../services';
import { requestCtx } from '../request-ctx';

const audienceOf = (contactId: string | null): HelpAudience => (contactId ? 'verified' : 'anonymous');

export function registerWidgetHelpRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = [requireVisitor(services)];

  app.openapi({ ...help.widgetSearchHelp, middleware: guard }, async (c) => {
    const { q } = c.req.valid('query');
    const visitor = c.get('visitor')!;
    await throttleAddress(
      services.rateLimiter,
      {
        workspaceId: visitor.workspaceId,
        name: 'widget_search',
        address: addressKey(clientIp(c, services.config.trustProxy)),
        perMinute: services.config.widgetLimits.searchesPerMinute,
      },
      'Too many searches from this address. Retry after the reset.',
    );
    const audience = audienceOf(visitor.contactId);
    const hits = await searchHelp(requestCtx(c, services), searchDeps(services), {
      q: q?.trim() || undefined,
      audience,
    });
    const accessLevels = accessLevelsFor(audience) as ('public' | 'authenticated')[];
    return c.json({ data: hits, meta: { access_levels: accessLevels } }, 200);
  });

  app.openapi({ ...help.widgetGetArticle, middleware: guard }, async (c) => {
    const { slug } = c.req.valid('param');
    const article = await getHelpArticle(requestCtx(c, services), {
      slug,
      audience: audienceOf(c.get('visitor')!.contactId),
    });
    return c.json({ data: help.helpArticleJson(article, services.articleHtml) }, 200);
  });
}
