import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import type { Role } from './catalog';
import { type DeprovisionOutcome, deprovisionMember } from './deprovision-member';
import { findMembershipRole } from './memberships';

/**
 * Removes a member from the console: the deprovision cascade SCIM uses (the last owner stays, 409
 * last_owner). Removing an owner takes an owner (`actorRole` is the caller's).
 */
export async function removeMember(
  ctx: Ctx,
  input: { userId: string; actorRole: Role },
): Promise<DeprovisionOutcome> {
  const role = await findMembershipRole(ctx.db, ctx.workspaceId, input.userId);
  if (!role) throw notFound('member');
  if (role === 'owner' && input.actorRole !== 'owner') throw new DomainError('owner_role_required');
  return deprovisionMember(ctx, input.userId);
}
