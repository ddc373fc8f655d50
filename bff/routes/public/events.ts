import type { OpenAPIHono } from '@hono/zod-openapi';
import { ingestContactEvents } from '../../../server-core/events/ingest-contact-events';
import * as events from '../../contract/events';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerEventRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const write = publicApi(services, {
    abilities: ['events:write'],
    flags: ['feature.contacts.event_tracking'],
  });
  app.openapi({ ...events.ingestContactEvents, middleware: write }, async (c) => {
    const result = await ingestContactEvents(requestCtx(c, services), c.req.valid('json').events);
    return c.json({ data: result }, 200);
  });
}
