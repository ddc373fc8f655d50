import type { OpenAPIHono } from '@hono/zod-openapi';
import { listContactEventNames } from '../../../server-core/events/list-contact-event-names';
import * as contract from '../../contract/contact-event-names';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** listContactEventNames: any member (the rule pickers of every author), no permission of its own. */
export function registerContactEventNameRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi({ ...contract.listContactEventNames, middleware: portalApi(services) }, async (c) => {
    const names = await listContactEventNames(requestCtx(c, services));
    return c.json({ data: names.map(contract.contactEventNameJson) }, 200);
  });
}
