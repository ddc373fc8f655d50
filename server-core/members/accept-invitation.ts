import { SYSTEM_ACTOR } from '../context';
import type { Sql } from '../db/db';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import { DomainError } from '../lib/errors';
import { hashPassword, MAX_PASSWORD_LENGTH } from '../lib/password';
import { grantMembership } from './grant-membership';
import { findLiveInvitation, type LiveInvitation } from './invitations';
import { MIN_PASSWORD_LENGTH, normalizeEmail } from './users';

export interface InvitationPreview {
  workspace_name: string;
  email: string;
  role: LiveInvitation['role'];
  expires_at: Date;
  /** The address already has a password: accepting asks for none. */
  has_password: boolean;
}

async function live(db: Sql, token: string, now: Date): Promise<LiveInvitation> {
  const inv = await findLiveInvitation(db, token, now);
  if (!inv) throw new DomainError('invitation_invalid');
  return inv;
}

async function hasPassword(db: Sql, email: string): Promise<boolean> {
  const rows = await db.query<{ has: boolean }>(
    'select password_hash is not null as has from users where email_normalized = $1',
    [normalizeEmail(email)],
  );
  return rows[0]?.has ?? false;
}

/** What the accept page shows before the person accepts (410 invitation_invalid for a dead link). */
export async function previewInvitation(
  deps: { db: Sql; clock: Clock },
  token: string,
): Promise<InvitationPreview> {
  const inv = await live(deps.db, token, deps.clock.now());
  return {
    workspace_name: inv.workspace_name,
    email: inv.email,
    role: inv.role,
    expires_at: inv.expires_at,
    has_password: await hasPassword(deps.db, inv.email),
  };
}

/**
 * Accepts an invitation: the membership is granted through grantMembership (the path SCIM provisioning
 * uses), the invitation is deleted (single use), and a person without a password sets one here (required
 * then; a person who has one keeps it: the link never changes an existing password). The token is
 * checked and consumed in one transaction, so two concurrent accepts grant once.
 */
export async function acceptInvitation(
  deps: { db: Sql; clock: Clock },
  input: { token: string; name?: string | null; password?: string | null },
): Promise<{ workspace_id: string; email: string; role: LiveInvitation['role'] }> {
  return deps.db.tx(async (tx) => {
    const now = deps.clock.now();
    const inv = await live(tx, input.token, now);
    const consumed = await tx.query('delete from invitations where token_hash = $1 returning id', [
      sha256Hex(input.token),
    ]);
    if (consumed.length === 0) throw new DomainError('invitation_invalid');
    const needsPassword = !(await hasPassword(tx, inv.email));
    if (needsPassword) {
      const p = input.password ?? '';
      if (p.length < MIN_PASSWORD_LENGTH || p.length > MAX_PASSWORD_LENGTH)
        throw new DomainError(
          'validation_failed',
          { field: 'password' },
          `Choose a password of ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
        );
    }
    const ctx = { db: tx, clock: deps.clock, workspaceId: inv.workspace_id, actor: SYSTEM_ACTOR };
    const granted = await grantMembership(ctx, {
      email: inv.email,
      name: input.name ?? null,
      role: inv.role,
      source: 'invitation',
    });
    if (needsPassword) {
      await tx.query(
        'update users set password_hash = $2, updated_at = $3 where id = $1 and password_hash is null',
        [granted.user.id, await hashPassword(input.password!), now],
      );
    }
    return { workspace_id: inv.workspace_id, email: granted.user.email, role: granted.role };
  });
}
