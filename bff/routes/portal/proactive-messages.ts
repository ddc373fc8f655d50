import type { OpenAPIHono } from '@hono/zod-openapi';
import { createProactiveMessage } from '../../../server-core/proactive/create-proactive-message';
import { listProactiveMessages } from '../../../server-core/proactive/list-proactive-messages';
import { setProactiveMessageStatus } from '../../../server-core/proactive/publish-proactive-message';
import { updateProactiveMessage } from '../../../server-core/proactive/update-proactive-message';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import * as proactive from '../../contract/proactive-messages';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** Trigger messages and campaigns (experiences.manage): list, create, update, publish, unpublish. */
export function registerProactiveMessageRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'experiences.manage' });

  app.openapi({ ...proactive.listProactiveMessages, middleware: guard }, async (c) => {
    const { limit, cursor } = c.req.valid('query');
    const rows = await listProactiveMessages(requestCtx(c, services), {
      limit,
      beforeId: cursorPosition(cursor),
    });
    const page = toPageBody(rows, limit, { dataFirst: true });
    return c.json({ data: page.data.map(proactive.proactiveMessageJson), meta: page.meta }, 200);
  });

  app.openapi({ ...proactive.createProactiveMessage, middleware: guard }, async (c) => {
    const created = await createProactiveMessage(requestCtx(c, services), c.req.valid('json'));
    return c.json({ data: proactive.proactiveMessageJson(created) }, 201);
  });

  app.openapi({ ...proactive.updateProactiveMessage, middleware: guard }, async (c) => {
    const id = c.req.valid('param').proactiveMessageId.toLowerCase();
    const updated = await updateProactiveMessage(requestCtx(c, services), id, c.req.valid('json'));
    return c.json({ data: proactive.proactiveMessageJson(updated) }, 200);
  });

  app.openapi({ ...proactive.publishProactiveMessage, middleware: guard }, async (c) => {
    const id = c.req.valid('param').proactiveMessageId.toLowerCase();
    const row = await setProactiveMessageStatus(requestCtx(c, services), id, 'published');
    return c.json({ data: proactive.proactiveMessageJson(row) }, 200);
  });

  app.openapi({ ...proactive.unpublishProactiveMessage, middleware: guard }, async (c) => {
    const id = c.req.valid('param').proactiveMessageId.toLowerCase();
    const row = await setProactiveMessageStatus(requestCtx(c, services), id, 'draft');
    return c.json({ data: proactive.proactiveMessageJson(row) }, 200);
  });
}
