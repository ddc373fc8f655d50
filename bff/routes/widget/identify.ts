import type { OpenAPIHono } from '@hono/zod-openapi';
import { identifyVisitor } from '../../../server-core/widget/identify-visitor';
import * as identify from '../../contract/widget-identify';
import type { AppEnv } from '../../env';
import { requireVisitor } from '../../middleware/visitor';
import type { Services } from '../../services';
import { requestCtx } from '../request-ctx';

export function registerWidgetIdentifyRoute(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi({ ...identify.widgetIdentify, middleware: [requireVisitor(services)] }, async (c) => {
    const body = c.req.valid('json');
    const contact = await identifyVisitor(requestCtx(c, services), services.box, c.get('visitor')!, {
      email: body.email,
      name: body.name ?? null,
      ...(body.hmac !== undefined ? { hmac: body.hmac } : {}),
      ...(body.token !== undefined ? { token: body.token } : {}),
    });
    return c.json({ data: identify.identifiedJson(contact) }, 200);
  });
}
