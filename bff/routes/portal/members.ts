import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '../../../server-core/lib/errors';
import { parseUlid } from '../../../server-core/lib/ulid';
import { acceptInvitation, previewInvitation } from '../../../server-core/members/accept-invitation';
import { changeMemberRole } from '../../../server-core/members/change-member-role';
import { createInvitation } from '../../../server-core/members/create-invitation';
import { listInvitations, revokeInvitation } from '../../../server-core/members/invitations';
import { listMembers } from '../../../server-core/members/list-members';
import { completePasswordReset, requestPasswordReset } from '../../../server-core/members/password-reset';
import { removeMember } from '../../../server-core/members/remove-member';
import { findUserById } from '../../../server-core/members/users';
import * as members from '../../contract/members';
import type { AppEnv } from '../../env';
import type { Services } from '../../services';
import { portalApi } from '../guards';
import { requestCtx } from '../request-ctx';
import { throttlePublicMembers } from './public-member-throttle';

/** The console's pages the mailed links open (the token in the query; the page posts it in a body). */
export const consoleLink = (
  publicUrl: string,
  page: 'invitations/accept' | 'reset-password',
  token: string,
) => `${publicUrl.replace(/\/+$/, '')}/app/${page}?token=${encodeURIComponent(token)}`;

export function registerMemberRoutes(app: OpenAPIHono<AppEnv>, services: Services): void {
  const read = portalApi(services, { permission: 'workspace.read' });
  const manage = portalApi(services, { permission: 'members.manage' });
  const memberId = (raw: string) => {
    const id = parseUlid(raw);
    if (!id) throw notFound('member');
    return id;
  };
  const resetRequests = throttlePublicMembers(services, 'reset_request');
  const linkPosts = throttlePublicMembers(services, 'member_link');

  app.openapi({ ...members.listMembers, middleware: read }, async (c) => {
    const rows = await listMembers(requestCtx(c, services));
    return c.json({ data: rows.map(members.memberJson) }, 200);
  });

  app.openapi({ ...members.updateMember, middleware: manage }, async (c) => {
    const row = await changeMemberRole(requestCtx(c, services), {
      userId: memberId(c.req.valid('param').memberId),
      role: c.req.valid('json').role,
      actorRole: c.get('member')!.role,
    });
    return c.json({ data: members.memberJson(row) }, 200);
  });

  app.openapi({ ...members.removeMember, middleware: manage }, async (c) => {
    await removeMember(requestCtx(c, services), {
      userId: memberId(c.req.valid('param').memberId),
      actorRole: c.get('member')!.role,
    });
    return c.body(null, 204);
  });

  app.openapi({ ...members.listInvitations, middleware: manage }, async (c) => {
    const rows = await listInvitations(requestCtx(c, services));
    return c.json({ data: rows.map(members.invitationJson) }, 200);
  });

  app.openapi({ ...members.createInvitation, middleware: manage }, async (c) => {
    const body = c.req.valid('json');
    const ctx = requestCtx(c, services);
    const inviter = await findUserById(services.db, c.get('member')!.userId);
    const [ws] = await services.db.query<{ name: string }>('select name from workspaces where id = $1', [
      ctx.workspaceId,
    ]);
    const row = await createInvitation(ctx, {
      email: body.email,
      role: body.role,
      actorRole: c.get('member')!.role,
      inviterName: inviter?.name || inviter?.email || 'A teammate',
      workspaceName: ws?.name ?? 'a workspace',
      acceptUrl: (token) => consoleLink(services.config.publicUrl, 'invitations/accept', token),
    });
    return c.json({ data: members.invitationJson(row) }, 201);
  });

  app.openapi({ ...members.revokeInvitation, middleware: manage }, async (c) => {
    const id = parseUlid(c.req.valid('param').invitationId);
    if (!id || !(await revokeInvitation(requestCtx(c, services), id))) throw notFound('invitation');
    return c.body(null, 204);
  });

  app.openapi({ ...members.previewInvitation, middleware: linkPosts }, async (c) => {
    const preview = await previewInvitation(services, c.req.valid('json').token);
    c.header('Cache-Control', 'no-store');
    return c.json({ data: members.previewJson(preview) }, 200);
  });

  app.openapi({ ...members.acceptInvitation, middleware: linkPosts }, async (c) => {
    const body = c.req.valid('json');
    const accepted = await acceptInvitation(services, body);
    return c.json({ data: accepted }, 200);
  });

  app.openapi({ ...members.requestPasswordReset, middleware: resetRequests }, async (c) => {
    await requestPasswordReset(services, {
      email: c.req.valid('json').email,
      resetUrl: (token) => consoleLink(services.config.publicUrl, 'reset-password', token),
    });
    return c.json({ data: { sent_if_known: true as const } }, 202);
  });

  app.openapi({ ...members.completePasswordReset, middleware: linkPosts }, async (c) => {
    await completePasswordReset(services, c.req.valid('json'));
    return c.body(null, 204);
  });
}
