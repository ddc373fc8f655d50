import { createRoute, z } from '@hono/zod-openapi';
import type { InvitationPreview } from '../../server-core/members/accept-invitation';
import type { InvitationRow } from '../../server-core/members/invitations';
import type { MemberRow } from '../../server-core/members/list-members';
import { DEFAULT_MEMBER_LINK_LIMITS } from '../../server-core/members/member-link-limits';
import { errorResponses } from '../openapi/schemas';
import { DateTime, iso, json, jsonBody, Ulid, ulidParam } from './common';
import { EXAMPLE_DEMO, EXAMPLE_ID, EXAMPLE_SECRET, EXAMPLE_TIME } from './examples';
import { PORTAL_SESSION, workspaceParams } from './operation-parts';
import { strictObject } from './strict-input';

/** The workspace's team: members, their roles, invitations (permission members.manage to change). */

const TAG = 'Portal: team';

const Role = z.enum(['owner', 'admin', 'member']).openapi('Role');

export const Member = z
  .object({
    user_id: Ulid,
    email: z.string(),
    name: z.string().nullable(),
    role: Role,
    created_at: DateTime.openapi({ description: 'When the person became a member.' }),
  })
  .openapi('Member');

export const memberJson = (m: MemberRow) => ({
  user_id: m.user_id,
  email: m.email,
  name: m.name,
  role: m.role,
  created_at: m.created_at.toISOString(),
});

const exampleMember: z.output<typeof Member> = {
  user_id: EXAMPLE_ID.memberId,
  email: 'sam@demo.test',
  name: 'Sam Support',
  role: 'member',
  created_at: EXAMPLE_TIME,
};

export const Invitation = z
  .object({
    id: Ulid,
    email: z.string(),
    role: Role,
    invited_by: Ulid.nullable(),
    created_at: DateTime,
    expires_at: DateTime,
  })
  .openapi('Invitation');

export const invitationJson = (i: InvitationRow) => ({
  id: i.id,
  email: i.email,
  role: i.role,
  invited_by: i.invited_by,
  created_at: i.created_at.toISOString(),
  expires_at: iso(i.expires_at)!,
});

const exampleInvitation: z.output<typeof Invitation> = {
  id: EXAMPLE_ID.invitationId,
  email: 'new.teammate@demo.test',
  role: 'member',
  invited_by: EXAMPLE_ID.userId,
  created_at: EXAMPLE_TIME,
  expires_at: '2026-11-08T12:00:00.000Z',
};

export const listMembers = createRoute({
  operationId: 'listMembers',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/members',
  tags: [TAG],
  summary: 'List the members of the workspace',
  description: 'Every member with their role, owners first. Any member may read it.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The members.',
      content: json(z.object({ data: z.array(Member) }).openapi('MemberList'), {
        data: [
          {
            user_id: EXAMPLE_ID.userId,
            email: EXAMPLE_DEMO.ownerEmail,
            name: 'Demo Owner',
            role: 'owner',
            created_at: EXAMPLE_TIME,
          },
          exampleMember,
        ],
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const updateMember = createRoute({
  operationId: 'updateMember',
  method: 'patch',
  path: '/api/v1/workspaces/{workspaceId}/members/{memberId}',
  tags: [TAG],
  summary: "Change a member's role",
  description:
    'Needs members.manage. Only an owner gives, takes or changes the owner role (403 owner_role_required); ' +
    'the last owner cannot step down (409 last_owner). The change applies to the next request of their sessions.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams.extend({ memberId: ulidParam('memberId') }),
    body: jsonBody(strictObject({ role: Role }).openapi('UpdateMemberRequest'), { role: 'admin' }),
  },
  responses: {
    200: {
      description: 'The member with the new role.',
      content: json(z.object({ data: Member }), { data: { ...exampleMember, role: 'admin' } }),
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

export const removeMember = createRoute({
  operationId: 'removeMember',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/members/{memberId}',
  tags: [TAG],
  summary: 'Remove a member from the workspace',
  description:
    'Needs members.manage; removing an owner needs an owner. The deprovision cascade SCIM uses: the membership ' +
    'and pending invitations for the address go, OAuth installs the person granted here are revoked, articles ' +
    'they wrote become unowned, and when it was their last workspace their sessions end. The last owner stays ' +
    '(409 last_owner).',
  security: PORTAL_SESSION,
  request: { params: workspaceParams.extend({ memberId: ulidParam('memberId') }) },
  responses: { 204: { description: 'Removed.' }, ...errorResponses(401, 403, 404, 409) },
});

export const listInvitations = createRoute({
  operationId: 'listInvitations',
  method: 'get',
  path: '/api/v1/workspaces/{workspaceId}/invitations',
  tags: [TAG],
  summary: 'List pending invitations',
  description: 'Needs members.manage. Newest first; the links themselves are never shown again.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams },
  responses: {
    200: {
      description: 'The pending invitations.',
      content: json(z.object({ data: z.array(Invitation) }).openapi('InvitationList'), {
        data: [exampleInvitation],
      }),
    },
    ...errorResponses(401, 403, 404),
  },
});

export const createInvitation = createRoute({
  operationId: 'createInvitation',
  method: 'post',
  path: '/api/v1/workspaces/{workspaceId}/invitations',
  tags: [TAG],
  summary: 'Invite someone by e-mail',
  description:
    'Needs members.manage; inviting an owner needs an owner. Mails the address a single-use link to the ' +
    "console's accept page, valid 7 days (only its SHA-256 is stored). Inviting a pending address again " +
    'replaces its invitation; an address that is already a member answers 409 already_a_member.',
  security: PORTAL_SESSION,
  request: {
    params: workspaceParams,
    body: jsonBody(
      strictObject({
        email: z.email().max(320),
        role: Role.default('member'),
      }).openapi('CreateInvitationRequest'),
      { email: 'new.teammate@demo.test', role: 'member' },
    ),
  },
  responses: {
    201: {
      description: 'Invited; the mail is in the outbox.',
      content: json(z.object({ data: Invitation }), { data: exampleInvitation }),
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

export const revokeInvitation = createRoute({
  operationId: 'revokeInvitation',
  method: 'delete',
  path: '/api/v1/workspaces/{workspaceId}/invitations/{invitationId}',
  tags: [TAG],
  summary: 'Revoke a pending invitation',
  description: 'Needs members.manage. The link stops working at once.',
  security: PORTAL_SESSION,
  request: { params: workspaceParams.extend({ invitationId: ulidParam('invitationId') }) },
  responses: { 204: { description: 'Revoked.' }, ...errorResponses(401, 403, 404) },
});

const InvitationToken = z.string().min(1).max(200);

const L = DEFAULT_MEMBER_LINK_LIMITS;
const LINK_LIMIT =
  ` At most ${L.linkPostsPerMinute} a minute per client address (MEMBER_LINK_POSTS_PER_MINUTE), shared with ` +
  'the other POSTs of the mailed links (previewInvitation, acceptInvitation, completePasswordReset): 429 ' +
  'rate_limited with Retry-After.';

export const InvitationPreviewSchema = z
  .object({
    workspace_name: z.string(),
    email: z.string(),
    role: Role,
    expires_at: DateTime,
    has_password: z
      .boolean()
      .openapi({ description: 'The address has an account with a password: accepting asks for none.' }),
  })
  .openapi('InvitationPreview');

export const previewJson = (p: InvitationPreview) => ({ ...p, expires_at: p.expires_at.toISOString() });

export const previewInvitation = createRoute({
  operationId: 'previewInvitation',
  method: 'post',
  path: '/api/v1/invitations/preview',
  tags: [TAG],
  summary: 'What an invitation link is for',
  description:
    "The console's accept page reads it: the workspace, the address and role, and whether the person must " +
    'choose a password. No session needed: the token is the credential (sent in the body, never in a URL ' +
    `the server logs). 410 invitation_invalid for a used, revoked, replaced or expired link.${LINK_LIMIT}`,
  request: {
    body: jsonBody(strictObject({ token: InvitationToken }).openapi('InvitationTokenRequest'), {
      token: EXAMPLE_SECRET.invitationToken,
    }),
  },
  responses: {
    200: {
      description: 'The invitation.',
      content: json(z.object({ data: InvitationPreviewSchema }), {
        data: {
          workspace_name: 'Acme Demo',
          email: 'new.teammate@demo.test',
          role: 'member',
          expires_at: '2026-11-08T12:00:00.000Z',
          has_password: false,
        },
      }),
    },
    ...errorResponses(410, 415, 422, 429),
  },
});

export const acceptInvitation = createRoute({
  operationId: 'acceptInvitation',
  method: 'post',
  path: '/api/v1/invitations/accept',
  tags: [TAG],
  summary: 'Accept an invitation',
  description:
    'Grants the membership through the path SCIM provisioning uses (the account is created when the address ' +
    'has none) and consumes the link. A person without a password sets one here (12 to 1,024 characters, ' +
    `required then); an existing password is never changed by an invitation. Then sign in with login.${LINK_LIMIT}`,
  request: {
    body: jsonBody(
      strictObject({
        token: InvitationToken,
        name: z.string().trim().min(1).max(200).nullable().optional(),
        password: z.string().max(1024).nullable().optional(),
      }).openapi('AcceptInvitationRequest'),
      { token: EXAMPLE_SECRET.invitationToken, name: 'New Teammate', password: EXAMPLE_SECRET.newPassword },
    ),
  },
  responses: {
    200: {
      description: 'Accepted: a member now.',
      content: json(
        z
          .object({ data: z.object({ workspace_id: Ulid, email: z.string(), role: Role }) })
          .openapi('AcceptedInvitation'),
        { data: { workspace_id: EXAMPLE_ID.workspaceId, email: 'new.teammate@demo.test', role: 'member' } },
      ),
    },
    ...errorResponses(410, 415, 422, 429),
  },
});

export const requestPasswordReset = createRoute({
  operationId: 'requestPasswordReset',
  method: 'post',
  path: '/api/v1/auth/password-reset',
  tags: ['Portal: auth'],
  summary: 'Mail a password reset link',
  description:
    'Always 202, whether or not the address has an account (the answer tells nobody who does). When it has, a ' +
    "single-use link to the console's reset page is mailed, valid one hour; at most one mail a minute per " +
    'account, and at most 3 live links. Per client address (IPv6 by its /64) at most ' +
    `${L.resetRequestsPerMinute} requests a minute and ${L.resetRequestsPerHour} an hour (the defaults of ` +
    'PASSWORD_RESET_REQUESTS_PER_MINUTE and _PER_HOUR), whatever the addresses asked for: 429 rate_limited ' +
    'with Retry-After.',
  request: {
    body: jsonBody(
      strictObject({ email: z.string().trim().min(3).max(320) }).openapi('PasswordResetRequest'),
      { email: EXAMPLE_DEMO.ownerEmail },
    ),
  },
  responses: {
    202: {
      description: 'Accepted: if the address has an account, a link is on its way.',
      content: json(z.object({ data: z.object({ sent_if_known: z.literal(true) }) }), {
        data: { sent_if_known: true },
      }),
    },
    ...errorResponses(415, 422, 429),
  },
});

export const completePasswordReset = createRoute({
  operationId: 'completePasswordReset',
  method: 'post',
  path: '/api/v1/auth/password-reset/complete',
  tags: ['Portal: auth'],
  summary: 'Set a new password with a reset link',
  description:
    'Consumes the link (and every other reset link of the account) and sets the password (12 to 1,024 ' +
    'characters); every portal session of the account ends. 410 password_reset_invalid for a used or ' +
    `expired link.${LINK_LIMIT}`,
  request: {
    body: jsonBody(
      strictObject({ token: z.string().min(1).max(200), password: z.string().max(1024) }).openapi(
        'CompletePasswordResetRequest',
      ),
      { token: EXAMPLE_SECRET.resetToken, password: EXAMPLE_SECRET.newPassword },
    ),
  },
  responses: {
    204: { description: 'The password is set; sign in with it.' },
    ...errorResponses(410, 415, 422, 429),
  },
});
