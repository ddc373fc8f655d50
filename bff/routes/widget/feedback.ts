import type { OpenAPIHono } from '@hono/zod-openapi';
import { submitArticleFeedback } from '../../../server-core/widget/article-feedback';
import * as feedback from '../../contract/widget-feedback';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

export function registerWidgetFeedbackRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi({ ...feedback.widgetArticleFeedback, middleware: [requireVisitor(services)] }, async (c) => {
    const vote = await submitArticleFeedback(
      requestCtx(c, services),
      services.rateLimiter,
      c.get('visitor')!,
      {
        articleId: c.req.valid('param').articleId.toLowerCase(),
        helpful: c.req.valid('json').helpful,
      },
    );
    return c.json({ data: feedback.voteJson(vote) }, 200);
  });
}
