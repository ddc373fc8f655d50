import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { DomainError } from '../lib/errors';
import { revokeInstallsGrantedBy } from '../oauth/revoke-installs-granted-by';

export interface DeprovisionOutcome {
  /** A membership of this workspace was removed (false: the user was not a member). */
  removed: boolean;
  oauth_installs_revoked: number;
  articles_unowned: number;
  /** It was the user's last membership anywhere: their portal sessions were deleted. */
  last_membership: boolean;
  sessions_deleted: number;
  /** Pending invitations of this workspace for the user's address, deleted (a removed person is not re-invited by an old link). */
  invitations_deleted: number;
}

/**
 * The deprovision cascade (spec service-api.md section 4.6), in one transaction. Always, in this
 * workspace: the membership goes (live sessions lose the workspace on their next request: the session
 * guard reads the membership on every request); pending invitations for the address go; every OAuth install the user granted here is revoked with its
 * tokens; article author_id pointing at the user is nulled (findable as unowned), approved_by is left (an
 * attestation, like verified_by). Only when it was the user's last membership anywhere: their portal
 * sessions are deleted (personal access tokens do not exist yet; they would be dropped here). Workspace
 * API keys are never touched. The last owner cannot be deprovisioned (409 last_owner). Safe to repeat.
 */
export async function deprovisionMember(ctx: Ctx, userId: string): Promise<DeprovisionOutcome> {
  return ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // Lock the workspace's owner rows so two concurrent deprovisions cannot remove the last two owners.
    const owners = await tx.query<{ user_id: string }>(
      `select user_id from memberships where workspace_id = $1 and role = 'owner' order by user_id for update`,
      [ctx.workspaceId],
    );
    if (owners.length === 1 && owners[0]!.user_id === userId) throw new DomainError('last_owner');
    const removed = await tx.query(
      'delete from memberships where workspace_id = $1 and user_id = $2 returning user_id',
      [ctx.workspaceId, userId],
    );
    const invitations = await tx.query(
      `delete from invitations where workspace_id = $1
       and email_normalized = (select email_normalized from users where id = $2) returning id`,
      [ctx.workspaceId, userId],
    );
    const installs = await revokeInstallsGrantedBy(txCtx, userId);
    const articles = await tx.query(
      `update articles set author_id = null where workspace_id = $1 and author_id = $2 returning id`,
      [ctx.workspaceId, userId],
    );
    const [left] = await tx.query<{ n: number }>(
      'select count(*)::int as n from memberships where user_id = $1',
      [userId],
    );
    const lastMembership = left!.n === 0;
    let sessions = 0;
    if (lastMembership) {
      sessions = (await tx.query('delete from sessions where user_id = $1 returning id', [userId])).length;
      // Personal access tokens: not built yet; dropping them belongs here when they are.
    }
    const outcome: DeprovisionOutcome = {
      removed: removed.length > 0,
      oauth_installs_revoked: installs,
      articles_unowned: articles.length,
      last_membership: lastMembership,
      sessions_deleted: sessions,
      invitations_deleted: invitations.length,
    };
    if (outcome.removed || installs > 0 || articles.length > 0 || invitations.length > 0) {
      await recordAudit(txCtx, {
        action: 'member.deprovisioned',
        targetType: 'user',
        targetId: userId,
        data: { ...outcome },
      });
    }
    return outcome;
  });
}
