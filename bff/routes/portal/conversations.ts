import type { OpenAPIHono } from '@hono/zod-openapi';
import { addConversationNote } from '../../../server-core/conversations/add-conversation-note';
import { assignConversation } from '../../../server-core/conversations/assign-conversation';
import { convertToTicket } from '../../../server-core/conversations/convert-to-ticket';
import { getPortalConversation } from '../../../server-core/conversations/get-portal-conversation';
import { getSlaTargets } from '../../../server-core/conversations/get-sla-targets';
import { listPortalConversations } from '../../../server-core/conversations/list-portal-conversations';
import { openTicket } from '../../../server-core/conversations/open-ticket';
import { putSlaTargets } from '../../../server-core/conversations/put-sla-targets';
import { releaseConversation } from '../../../server-core/conversations/release-conversation';
import { reopenConversation } from '../../../server-core/conversations/reopen-conversation';
import { replyToConversation } from '../../../server-core/conversations/reply-to-conversation';
import { requestConversationRating } from '../../../server-core/conversations/request-conversation-rating';
import { resolveConversation } from '../../../server-core/conversations/resolve-conversation';
import { snoozeConversation } from '../../../server-core/conversations/snooze-conversation';
import { tagConversation } from '../../../server-core/conversations/tag-conversation';
import { untagConversation } from '../../../server-core/conversations/untag-conversation';
import { withAttachments } from '../../attachments/message-attachments';
import { cursorPosition, toPageBody } from '../../contract/pagination';
import * as inbox from '../../contract/portal-conversations';
import * as sla from '../../contract/sla-targets';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';

/** Staff's inbox (conversations.manage) and the SLA targets (settings.manage). */
export function registerPortalConversationRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const guard = portalApi(services, { permission: 'conversations.manage' });
  const settings = portalApi(services, { permission: 'settings.manage' });
  const id = (c: { req: { param(name: 'conversationId'): string } }) =>
    c.req.param('conversationId').toLowerCase();
  const ok = inbox.portalConversationJson;

  app.openapi({ ...inbox.listPortalConversations, middleware: guard }, async (c) => {
    const q = c.req.valid('query');
    const rows = await listPortalConversations(requestCtx(c, services), {
      state: q.state,
      assigneeId: q.assignee_id,
      kind: q.kind,
      tag: q.tag?.trim().toLowerCase(),
      quarantined: q.quarantined === 'true',
      beforeId: cursorPosition(q.cursor),
      limit: q.limit,
    });
    const page = toPageBody(rows, q.limit);
    return c.json({ meta: page.meta, data: page.data.map(inbox.portalConversationListItemJson) }, 200);
  });

  app.openapi({ ...inbox.getPortalConversation, middleware: guard }, async (c) => {
    const ctx = requestCtx(c, services);
    const read = await getPortalConversation(ctx, id(c));
    // Attachments with a download link only while clean (the staff download needs the session).
    const message = await withAttachments(
      services,
      ctx.workspaceId,
      read.messages,
      'staff',
      inbox.portalMessageJson,
    );
    return c.json({ data: { ...ok(read.conversation), messages: read.messages.map(message) } }, 200);
  });

  app.openapi({ ...inbox.replyToConversation, middleware: guard }, async (c) => {
    // A reply to an away contact is also mailed (server-core/conversations/mail-reply.ts).
    const m = await replyToConversation(
      requestCtx(c, services),
      { conversationId: id(c), body: c.req.valid('json').body },
      {
        linkKey: services.keys.mailLinks,
        publicUrl: services.config.publicUrl,
        inboundDomain: services.config.mail.inboundDomain,
      },
    );
    return c.json({ data: inbox.portalMessageJson(m) }, 201);
  });

  app.openapi({ ...inbox.addConversationNote, middleware: guard }, async (c) => {
    const m = await addConversationNote(requestCtx(c, services), {
      conversationId: id(c),
      body: c.req.valid('json').body,
    });
    return c.json({ data: inbox.portalMessageJson(m) }, 201);
  });

  app.openapi({ ...inbox.assignConversation, middleware: guard }, async (c) => {
    const assignee = c.req.valid('json').assignee_id;
    const row = await assignConversation(requestCtx(c, services), {
      conversationId: id(c),
      assigneeId: assignee === null ? null : assignee.toLowerCase(),
    });
    return c.json({ data: ok(row) }, 200);
  });

  app.openapi({ ...inbox.tagConversation, middleware: guard }, async (c) => {
    const row = await tagConversation(requestCtx(c, services), {
      conversationId: id(c),
      tag: c.req.valid('json').tag,
    });
    return c.json({ data: ok(row) }, 200);
  });

  app.openapi({ ...inbox.untagConversation, middleware: guard }, async (c) => {
    const row = await untagConversation(requestCtx(c, services), {
      conversationId: id(c),
      tag: c.req.valid('param').tag,
    });
    return c.json({ data: ok(row) }, 200);
  });

  app.openapi({ ...inbox.snoozeConversation, middleware: guard }, async (c) => {
    const row = await snoozeConversation(requestCtx(c, services), {
      conversationId: id(c),
      until: new Date(c.req.valid('json').until),
    });
    return c.json({ data: ok(row) }, 200);
  });

  app.openapi({ ...inbox.resolveConversation, middleware: guard }, async (c) => {
    return c.json({ data: ok(await resolveConversation(requestCtx(c, services), id(c))) }, 200);
  });

  app.openapi({ ...inbox.reopenConversation, middleware: guard }, async (c) => {
    return c.json({ data: ok(await reopenConversation(requestCtx(c, services), id(c))) }, 200);
  });

  app.openapi({ ...inbox.convertToTicket, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const row = await convertToTicket(requestCtx(c, services), {
      conversationId: id(c),
      priority: body.priority,
      subject: body.subject ?? null,
    });
    return c.json({ data: ok(row) }, 200);
  });

  app.openapi({ ...inbox.openTicket, middleware: guard }, async (c) => {
    const body = c.req.valid('json');
    const row = await openTicket(requestCtx(c, services), {
      contactId: body.contact_id.toLowerCase(),
      subject: body.subject,
      priority: body.priority,
      body: body.body,
    });
    return c.json({ data: ok(row) }, 201);
  });

  app.openapi({ ...inbox.requestConversationRating, middleware: guard }, async (c) => {
    return c.json({ data: ok(await requestConversationRating(requestCtx(c, services), id(c))) }, 200);
  });

  app.openapi({ ...inbox.releaseConversation, middleware: guard }, async (c) => {
    return c.json({ data: ok(await releaseConversation(requestCtx(c, services), id(c))) }, 200);
  });

  app.openapi({ ...sla.getSlaTargets, middleware: settings }, async (c) => {
    return c.json(sla.slaTargetsJson(await getSlaTargets(requestCtx(c, services))), 200);
  });

  app.openapi({ ...sla.putSlaTargets, middleware: settings }, async (c) => {
    return c.json(
      sla.slaTargetsJson(await putSlaTargets(requestCtx(c, services), c.req.valid('json').targets)),
      200,
    );
  });
}
