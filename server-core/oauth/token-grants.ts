import type { Ability } from '../apikeys/abilities';
import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import type { Clock } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { issueTokens, type TokenSet } from './issue-tokens';
import type { OAuthApp } from './oauth-apps';
import { verifyPkce } from './pkce';
import { isSubset, parseScope } from './scopes';
import { hashCredential, parseCredential } from './token-format';
import { OAUTH_TOKENS_CHANNEL } from './tokens-channel';

export interface GrantDeps {
  db: Sql;
  clock: Clock;
  requestId?: string;
}

/** One answer for every bad code or refresh token: which check failed would help an attacker. */
const invalidGrant = () => new DomainError('oauth_invalid_grant');
const missing = (parameter: string) =>
  new DomainError('oauth_invalid_request', { parameter }, `The parameter ${parameter} is required.`);

type Outcome = { tokens: TokenSet } | { refused: true };

/** The ctx of the workspace a credential named, acting as the app (for the audit log). */
const appCtx = (deps: GrantDeps, workspaceId: string, tx: Sql, app: OAuthApp): Ctx => ({
  db: tx,
  clock: deps.clock,
  workspaceId,
  actor: { type: 'oauth_app', id: app.id },
  requestId: deps.requestId,
});

interface CodeRow {
  id: string;
  install_id: string;
  redirect_uri: string;
  code_challenge: string;
  scopes: Ability[];
  expires_at: Date;
  consumed_at: Date | null;
  app_workspace_id: string;
  app_id: string;
  install_revoked_at: Date | null;
}

/**
 * The authorization_code grant: a single-use code of this client, for this redirect_uri, not expired,
 * whose PKCE challenge the verifier answers. A consumed code presented again fails and revokes every
 * token that code issued (and their rotations).
 */
export async function exchangeCode(
  deps: GrantDeps,
  app: OAuthApp,
  input: { code?: string; redirectUri?: string; codeVerifier?: string },
): Promise<TokenSet> {
  if (!input.code) throw missing('code');
  if (!input.codeVerifier) throw missing('code_verifier');
  if (!input.redirectUri) throw missing('redirect_uri');
  const workspaceId = parseCredential('code', input.code);
  if (!workspaceId) throw invalidGrant();
  const outcome = await deps.db.tx(async (tx): Promise<Outcome> => {
    const now = deps.clock.now();
    const [row] = await tx.query<CodeRow>(
      `select c.id, c.install_id, c.redirect_uri, c.code_challenge, c.scopes, c.expires_at, c.consumed_at,
              i.app_workspace_id, i.app_id, i.revoked_at as install_revoked_at
       from oauth_codes c join oauth_installs i on i.workspace_id = c.workspace_id and i.id = c.install_id
       where c.workspace_id = $1 and c.code_hash = $2 for update of c`,
      [workspaceId, hashCredential(input.code!)],
    );
    if (!row || row.app_workspace_id !== app.workspace_id || row.app_id !== app.id) return { refused: true };
    if (row.consumed_at) {
      await revokeGrant(appCtx(deps, workspaceId, tx, app), row.id);
      return { refused: true };
    }
    if (row.expires_at.getTime() <= now.getTime() || row.install_revoked_at) return { refused: true };
    if (row.redirect_uri !== input.redirectUri) return { refused: true };
    if (!verifyPkce(input.codeVerifier, row.code_challenge)) return { refused: true };
    const consumed = await tx.query(
      `update oauth_codes set consumed_at = $3 where workspace_id = $1 and id = $2 and consumed_at is null returning id`,
      [workspaceId, row.id, now],
    );
    if (consumed.length === 0) return { refused: true };
    const tokens = await issueTokens(tx, now, {
      workspaceId,
      installId: row.install_id,
      grantId: row.id,
      scopes: row.scopes,
    });
    return { tokens };
  });
  if ('refused' in outcome) throw invalidGrant();
  return outcome.tokens;
}

/** A replayed code: every live token descending from it is revoked (committed before the refusal). */
async function revokeGrant(ctx: Ctx, grantId: string): Promise<void> {
  const rows = await ctx.db.query(
    `update oauth_tokens set revoked_at = $3 where workspace_id = $1 and grant_id = $2 and revoked_at is null
     returning id`,
    [ctx.workspaceId, grantId, ctx.clock.now()],
  );
  await ctx.db.notify(OAUTH_TOKENS_CHANNEL, ctx.workspaceId);
  await recordAudit(ctx, {
    action: 'oauth_code.replayed',
    targetType: 'oauth_code',
    targetId: grantId,
    data: { tokens_revoked: rows.length },
  });
}

interface RefreshRow {
  id: string;
  install_id: string;
  grant_id: string;
  scopes: Ability[];
  expires_at: Date;
  consumed_at: Date | null;
  revoked_at: Date | null;
  app_workspace_id: string;
  app_id: string;
  install_revoked_at: Date | null;
}

/**
 * The refresh_token grant: the token is consumed and a new pair issued (rotation on every use). A
 * consumed refresh token presented again revokes every token of this app in that workspace.
 */
export async function refreshTokens(
  deps: GrantDeps,
  app: OAuthApp,
  input: { refreshToken?: string; scope?: string },
): Promise<TokenSet> {
  if (!input.refreshToken) throw missing('refresh_token');
  const workspaceId = parseCredential('refresh', input.refreshToken);
  if (!workspaceId) throw invalidGrant();
  const outcome = await deps.db.tx(async (tx): Promise<Outcome | { scope: true }> => {
    const now = deps.clock.now();
    const [row] = await tx.query<RefreshRow>(
      `select t.id, t.install_id, t.grant_id, t.scopes, t.expires_at, t.consumed_at, t.revoked_at,
              i.app_workspace_id, i.app_id, i.revoked_at as install_revoked_at
       from oauth_tokens t join oauth_installs i on i.workspace_id = t.workspace_id and i.id = t.install_id
       where t.workspace_id = $1 and t.token_hash = $2 and t.kind = 'refresh' for update of t`,
      [workspaceId, hashCredential(input.refreshToken!)],
    );
    if (!row || row.app_workspace_id !== app.workspace_id || row.app_id !== app.id) return { refused: true };
    const ctx = appCtx(deps, workspaceId, tx, app);
    if (row.consumed_at) {
      await revokeFamily(ctx, app, row.id);
      return { refused: true };
    }
    if (row.revoked_at || row.install_revoked_at || row.expires_at.getTime() <= now.getTime()) {
      return { refused: true };
    }
    let scopes = row.scopes;
    if (input.scope !== undefined) {
      const asked = parseScope(input.scope);
      if (
        asked.unknown.length > 0 ||
        !isSubset(asked.abilities, row.scopes) ||
        asked.abilities.length === 0
      ) {
        return { scope: true };
      }
      scopes = asked.abilities;
    }
    const consumed = await tx.query(
      `update oauth_tokens set consumed_at = $3 where workspace_id = $1 and id = $2 and consumed_at is null returning id`,
      [workspaceId, row.id, now],
    );
    if (consumed.length === 0) {
      await revokeFamily(ctx, app, row.id);
      return { refused: true };
    }
    return {
      tokens: await issueTokens(tx, now, {
        workspaceId,
        installId: row.install_id,
        grantId: row.grant_id,
        scopes,
      }),
    };
  });
  if ('scope' in outcome) throw new DomainError('oauth_invalid_scope');
  if ('refused' in outcome) throw invalidGrant();
  return outcome.tokens;
}

/** Refresh reuse: every token of this app in the workspace is revoked (the whole family). */
async function revokeFamily(ctx: Ctx, app: OAuthApp, reusedTokenId: string): Promise<void> {
  const rows = await ctx.db.query(
    `update oauth_tokens set revoked_at = $4 where workspace_id = $1 and revoked_at is null and install_id in
       (select id from oauth_installs where workspace_id = $1 and app_workspace_id = $2 and app_id = $3)
     returning id`,
    [ctx.workspaceId, app.workspace_id, app.id, ctx.clock.now()],
  );
  await ctx.db.notify(OAUTH_TOKENS_CHANNEL, ctx.workspaceId);
  await recordAudit(ctx, {
    action: 'oauth_tokens.family_revoked',
    targetType: 'oauth_app',
    targetId: app.id,
    data: { reused_token_id: reusedTokenId, tokens_revoked: rows.length },
  });
}
