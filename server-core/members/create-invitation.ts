import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { randomToken, sha256Hex } from '../lib/crypto';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { enqueueMail } from '../mail/enqueue-mail';
import type { Role } from './catalog';
import { INVITATION_TTL_MS, type InvitationRow } from './invitations';
import { normalizeEmail } from './users';

/**
 * Invites an address to the workspace with a role and mails it a single-use link (only the token's
 * SHA-256 is stored). Inviting a pending address again replaces its invitation (the old link stops
 * working); an address that is already a member is refused (409). Only an owner invites an owner.
 * `acceptUrl(token)` is where the link points (the console's accept page, built by the BFF from PUBLIC_URL).
 */
export async function createInvitation(
  ctx: Ctx,
  input: {
    email: string;
    role: Role;
    actorRole: Role;
    inviterName: string;
    workspaceName: string;
    acceptUrl(token: string): string;
  },
): Promise<InvitationRow> {
  if (input.role === 'owner' && input.actorRole !== 'owner') throw new DomainError('owner_role_required');
  const email = input.email.trim();
  const normalized = normalizeEmail(email);
  return ctx.db.tx(async (tx) => {
    const members = await tx.query(
      `select 1 from memberships m join users u on u.id = m.user_id
       where m.workspace_id = $1 and u.email_normalized = $2`,
      [ctx.workspaceId, normalized],
    );
    if (members.length > 0) throw new DomainError('already_a_member');
    const now = ctx.clock.now();
    const token = randomToken(32);
    const invitedBy = ctx.actor.type === 'user' ? ctx.actor.id : null;
    await tx.query('delete from invitations where workspace_id = $1 and email_normalized = $2', [
      ctx.workspaceId,
      normalized,
    ]);
    const [row] = await tx.query<InvitationRow>(
      `insert into invitations (workspace_id, id, email, email_normalized, role, token_hash, invited_by, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       returning id, email, role, invited_by, created_at, expires_at`,
      [
        ctx.workspaceId,
        newId(now),
        email,
        normalized,
        input.role,
        sha256Hex(token),
        invitedBy,
        now,
        new Date(now.getTime() + INVITATION_TTL_MS),
      ],
    );
    const link = input.acceptUrl(token);
    await enqueueMail(tx, now, {
      workspaceId: ctx.workspaceId,
      kind: 'invitation',
      to: email,
      subject: `${input.inviterName} invited you to ${input.workspaceName}`,
      text:
        `${input.inviterName} invited you to join ${input.workspaceName} as ${input.role === 'admin' ? 'an admin' : `a ${input.role}`}.\n\n` +
        `Accept the invitation here (the link works once, for 7 days):\n${link}\n\n` +
        'If you did not expect this, ignore this message.',
    });
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'invitation.created',
        targetType: 'invitation',
        targetId: row!.id,
        data: { role: input.role },
      },
    );
    return row!;
  });
}
