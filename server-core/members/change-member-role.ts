import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import type { Role } from './catalog';
import type { MemberRow } from './list-members';

/**
 * Changes a member's role. Only an owner gives, takes or changes the owner role (`actorRole` is the
 * caller's); the last owner cannot step down (409 last_owner). The owner rows are locked so two
 * concurrent demotions cannot leave the workspace without one.
 */
export async function changeMemberRole(
  ctx: Ctx,
  input: { userId: string; role: Role; actorRole: Role },
): Promise<MemberRow> {
  return ctx.db.tx(async (tx) => {
    const owners = await tx.query<{ user_id: string }>(
      `select user_id from memberships where workspace_id = $1 and role = 'owner' order by user_id for update`,
      [ctx.workspaceId],
    );
    const [current] = await tx.query<{ role: Role }>(
      'select role from memberships where workspace_id = $1 and user_id = $2 for update',
      [ctx.workspaceId, input.userId],
    );
    if (!current) throw notFound('member');
    if ((current.role === 'owner' || input.role === 'owner') && input.actorRole !== 'owner')
      throw new DomainError('owner_role_required');
    if (current.role === 'owner' && input.role !== 'owner' && owners.length === 1)
      throw new DomainError(
        'last_owner',
        {},
        'The last owner of the workspace cannot step down: make someone else owner first.',
      );
    const now = ctx.clock.now();
    if (current.role !== input.role) {
      await tx.query(
        'update memberships set role = $3, updated_at = $4 where workspace_id = $1 and user_id = $2',
        [ctx.workspaceId, input.userId, input.role, now],
      );
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: 'member.role_changed',
          targetType: 'user',
          targetId: input.userId,
          data: { from: current.role, to: input.role },
        },
      );
    }
    const [row] = await tx.query<MemberRow>(
      `select m.user_id, u.email, u.name, m.role, m.created_at from memberships m join users u on u.id = m.user_id
       where m.workspace_id = $1 and m.user_id = $2`,
      [ctx.workspaceId, input.userId],
    );
    return row!;
  });
}
