import type { Ability } from '../apikeys/abilities';
import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import { CODE_TTL_MS } from './lifetimes';
import type { OAuthApp } from './oauth-apps';
import { mintCredential } from './token-format';

export interface GrantInput {
  app: OAuthApp;
  /** The member who consents (ctx.actor is the same user). */
  userId: string;
  /** Already intersected: request ∩ registration ∩ what the member can delegate; never empty. */
  scopes: readonly Ability[];
  redirectUri: string;
  codeChallenge: string;
}

/**
 * A member's consent: the app's install in this workspace for this member (created, or updated with the
 * new scopes), and a single-use authorization code bound to the install, the redirect URI and the PKCE
 * challenge, valid CODE_TTL_MS. Answers the code's plaintext (only its hash is kept).
 */
export async function grantAuthorization(
  ctx: Ctx,
  input: GrantInput,
): Promise<{ code: string; installId: string }> {
  return ctx.db.tx(async (tx) => {
    const now = ctx.clock.now();
    // One statement, so two consents at once cannot both insert (the partial unique index arbitrates).
    const [install] = await tx.query<{ id: string; inserted: boolean }>(
      `insert into oauth_installs (workspace_id, id, app_workspace_id, app_id, granted_by, scopes, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6::text[], $7, $7)
       on conflict (workspace_id, app_workspace_id, app_id, granted_by) where revoked_at is null
       do update set scopes = excluded.scopes, updated_at = excluded.updated_at
       returning id, (xmax = 0) as inserted`,
      [ctx.workspaceId, newId(now), input.app.workspace_id, input.app.id, input.userId, input.scopes, now],
    );
    const installId = install!.id;
    const code = mintCredential('code', ctx.workspaceId);
    await tx.query(
      `insert into oauth_codes (workspace_id, id, install_id, code_hash, redirect_uri, code_challenge, scopes, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9)`,
      [
        ctx.workspaceId,
        newId(now),
        installId,
        code.hash,
        input.redirectUri,
        input.codeChallenge,
        input.scopes,
        now,
        new Date(now.getTime() + CODE_TTL_MS),
      ],
    );
    await recordAudit(
      { ...ctx, db: tx },
      {
        action: install!.inserted ? 'oauth_install.granted' : 'oauth_install.updated',
        targetType: 'oauth_install',
        targetId: installId,
        data: { app_id: input.app.id, client_id: input.app.client_id, scopes: input.scopes },
      },
    );
    return { code: code.plaintext, installId };
  });
}
