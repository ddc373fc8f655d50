import type { OpenAPIHono } from '@hono/zod-openapi';
import { unsubscribeContact } from '../../server-core/contacts/unsubscribe-contact';
import { SYSTEM_ACTOR } from '../../server-core/context';
import { notFound } from '../../server-core/lib/errors';
import { readUnsubscribeToken } from '../../server-core/mail/unsubscribe-link';
import * as links from '../contract/mail-links';
import type { AppEnv } from '../env';
import type { Services } from '../services';

/** The one-click unsubscribe of outbound mail: the signed token names the workspace and the contact. */
export function registerMailLinkRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  app.openapi(links.emailUnsubscribe, async (c) => {
    const named = readUnsubscribeToken(services.keys.mailLinks, c.req.valid('param').token);
    if (!named) throw notFound('unsubscribe link');
    await unsubscribeContact(
      { db: services.db, clock: services.clock, workspaceId: named.workspaceId, actor: SYSTEM_ACTOR },
      named.contactId,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { unsubscribed: true as const } }, 200);
  });
}
