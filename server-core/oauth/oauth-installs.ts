import type { Ability } from '../apikeys/abilities';
import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { clientIdOf } from './token-format';
import { OAUTH_TOKENS_CHANNEL } from './tokens-channel';

/** An app's access to this workspace, granted by one member. Private: no directory lists it elsewhere. */
export interface OAuthInstall {
  id: string;
  app_id: string;
  client_id: string;
  app_name: string;
  granted_by: string | null;
  scopes: Ability[];
  created_at: Date;
  updated_at: Date;
  revoked_at: Date | null;
}

interface InstallRow extends Omit<OAuthInstall, 'client_id'> {
  app_workspace_id: string;
}

const SELECT = `select i.id, i.app_workspace_id, i.app_id, a.name as app_name, i.granted_by, i.scopes,
  i.created_at, i.updated_at, i.revoked_at
  from oauth_installs i join oauth_apps a on a.workspace_id = i.app_workspace_id and a.id = i.app_id`;

const toInstall = (r: InstallRow): OAuthInstall => ({
  id: r.id,
  app_id: r.app_id,
  client_id: clientIdOf(r.app_workspace_id, r.app_id),
  app_name: r.app_name,
  granted_by: r.granted_by,
  scopes: r.scopes,
  created_at: r.created_at,
  updated_at: r.updated_at,
  revoked_at: r.revoked_at,
});

/** The installs of this workspace, revoked ones included, newest first. */
export async function listOAuthInstalls(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<OAuthInstall[]> {
  const rows = await ctx.db.query<InstallRow>(
    `${SELECT} where i.workspace_id = $1 and ($2::text is null or i.id < $2) order by i.id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
  return rows.map(toInstall);
}

/** Revokes every live token of the given installs of this workspace; the number revoked. */
export async function revokeInstallTokens(db: Sql, workspaceId: string, installIds: string[], now: Date) {
  if (installIds.length === 0) return 0;
  const rows = await db.query(
    `update oauth_tokens set revoked_at = $3 where workspace_id = $1 and install_id = any($2::text[])
     and revoked_at is null returning id`,
    [workspaceId, installIds, now],
  );
  await db.notify(OAUTH_TOKENS_CHANNEL, workspaceId);
  return rows.length;
}

/** Revokes an install and every token it issued. Repeating it answers the install with the original revoked_at. */
export async function revokeOAuthInstall(ctx: Ctx, installId: string): Promise<OAuthInstall> {
  return ctx.db.tx(async (tx) => {
    const now = ctx.clock.now();
    const updated = await tx.query(
      `update oauth_installs set revoked_at = $3, updated_at = $3 where workspace_id = $1 and id = $2
       and revoked_at is null returning id`,
      [ctx.workspaceId, installId, now],
    );
    if (updated.length > 0) {
      const tokens = await revokeInstallTokens(tx, ctx.workspaceId, [installId], now);
      await recordAudit(
        { ...ctx, db: tx },
        {
          action: 'oauth_install.revoked',
          targetType: 'oauth_install',
          targetId: installId,
          data: { tokens },
        },
      );
    }
    const [row] = await tx.query<InstallRow>(`${SELECT} where i.workspace_id = $1 and i.id = $2`, [
      ctx.workspaceId,
      installId,
    ]);
    if (!row) throw notFound('OAuth install');
    return toInstall(row);
  });
}
