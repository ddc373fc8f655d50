import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { revokeInstallTokens } from './oauth-installs';

/**
 * Revokes every live install a user granted in this workspace, and every token those installs issued
 * (for a SCIM deprovision, spec service-api.md section 4.6). Answers how many installs it revoked.
 */
export async function revokeInstallsGrantedBy(ctx: Ctx, userId: string): Promise<number> {
  return ctx.db.tx(async (tx) => {
    const now = ctx.clock.now();
    const rows = await tx.query<{ id: string }>(
      `update oauth_installs set revoked_at = $3, updated_at = $3 where workspace_id = $1 and granted_by = $2
       and revoked_at is null returning id`,
      [ctx.workspaceId, userId, now],
    );
    const ids = rows.map((r) => r.id);
    const tokens = await revokeInstallTokens(tx, ctx.workspaceId, ids, now);
    for (const id of ids) {
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: 'oauth_install.revoked',
          targetType: 'oauth_install',
          targetId: id,
          data: { reason: 'granted_by_removed', user_id: userId, tokens },
        },
      );
    }
    return ids.length;
  });
}
