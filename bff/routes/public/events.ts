import type { OpenAPIHono } from '@hono/zod-openapi';
import { ingestContactEvents } from '../../../server-core/events/ingest-contact-events';
import { listContactEvents } from '../../../server-core/events/list-contact-events';
import * as events from '../../contract/events';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { publicApi } from '../guards';
import { requestCtx } from '../request-ctx';

export function registerEventRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const flags = ['feature.contacts.event_tracking'] as const;
  const write = publicApi(services, { abilities: ['events:write'], flags: [...flags] });
  // Reading a contact's events is reading the contact: events:write stays a write-only ingestion ability.
  const read = publicApi(services, { abilities: ['contacts:read'], flags: [...flags] });
  app.openapi({ ...events.ingestContactEvents, middleware: write }, async (c) => {
    const result = await ingestContactEvents(requestCtx(c, services), c.req.valid('json').events);
    return c.json({ data: result }, 200);
  });
  app.openapi({ ...events.listContactEvents, middleware: read }, async (c) => {
    const { limit, cursor, name } = c.req.valid('query');
    const rows = await listContactEvents(
      requestCtx(c, services),
      c.req.valid('param').contactId.toLowerCase(),
      {
        name,
        beforeId: cursorPosition(cursor),
        limit,
      },
    );
    const page = toPageBody(rows, limit);
    return c.json({ meta: page.meta, data: page.data.map(events.contactEventJson) }, 200);
  });
}
