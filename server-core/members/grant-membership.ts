import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import type { Role } from './catalog';
import { normalizeEmail, type User } from './users';

/** The role a new member of a workspace gets when nothing names another (SCIM groups may raise it). */
export const DEFAULT_MEMBER_ROLE: Role = 'member';

/**
 * Grants a membership in this workspace to the person with this e-mail: the user is resolved by the
 * normalised address or created (without a password: they sign in through SSO or a reset), then made a
 * member with `role`. A person who is already a member keeps the role they hold. The one code path of
 * SCIM create and reactivation and of invitation acceptance (the staff console, issue 17, calls it too),
 * so both stay one. Answers the user and whether a membership was created.
 */
export async function grantMembership(
  ctx: Ctx,
  input: { email: string; name?: string | null; role?: Role; source: 'scim' | 'invitation' | 'saml' },
): Promise<{ user: User; created: boolean; role: Role }> {
  return ctx.db.tx(async (tx) => {
    const now = ctx.clock.now();
    // Resolve or create in one statement: two concurrent grants for one address make one user, no 500.
    await tx.query(
      `insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
       values ($1, $2, $3, $4, null, $5, $5) on conflict (email_normalized) do nothing`,
      [newId(now), input.email.trim(), normalizeEmail(input.email), input.name ?? null, now],
    );
    const [user] = await tx.query<User>('select id, email, name from users where email_normalized = $1', [
      normalizeEmail(input.email),
    ]);
    const role = input.role ?? DEFAULT_MEMBER_ROLE;
    const inserted = await tx.query<{ role: Role }>(
      `insert into memberships (workspace_id, user_id, role, created_at, updated_at) values ($1, $2, $3, $4, $4)
       on conflict (workspace_id, user_id) do nothing returning role`,
      [ctx.workspaceId, user!.id, role, now],
    );
    if (inserted.length === 0) {
      const [held] = await tx.query<{ role: Role }>(
        'select role from memberships where workspace_id = $1 and user_id = $2',
        [ctx.workspaceId, user!.id],
      );
      return { user: user!, created: false, role: held!.role };
    }
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: 'member.added',
        targetType: 'user',
        targetId: user!.id,
        data: { role, source: input.source },
      },
    );
    return { user: user!, created: true, role };
  });
}
