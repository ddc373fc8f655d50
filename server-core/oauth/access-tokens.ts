import type { Ability } from '../apikeys/abilities';
import type { Sql } from '../db/db';
import type { Clock } from '../lib/clock';
import type { OAuthApp } from './oauth-apps';
import { formatScope } from './scopes';
import { clientIdOf, hashCredential, parseCredential } from './token-format';

export interface AccessRow {
  id: string;
  workspace_id: string;
  workspace_name: string;
  install_id: string;
  scopes: Ability[];
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  app_workspace_id: string;
  app_id: string;
  install_revoked_at: Date | null;
}

/** The stored row of an access token (or null), whatever its state: the callers judge liveness. */
export async function findAccessToken(db: Sql, token: string): Promise<AccessRow | null> {
  const workspaceId = parseCredential('access', token);
  if (!workspaceId) return null;
  const [row] = await db.query<AccessRow>(
    `select t.id, t.workspace_id, w.name as workspace_name, t.install_id, t.scopes, t.created_at, t.expires_at,
            t.revoked_at, i.app_workspace_id, i.app_id, i.revoked_at as install_revoked_at
     from oauth_tokens t
     join oauth_installs i on i.workspace_id = t.workspace_id and i.id = t.install_id
     join workspaces w on w.id = t.workspace_id
     where t.workspace_id = $1 and t.token_hash = $2 and t.kind = 'access'`,
    [workspaceId, hashCredential(token)],
  );
  return row ?? null;
}

/** A live access token: not revoked, not expired, its install not revoked (a deleted app has no rows). */
export function isLive(row: AccessRow | null, now: Date): row is AccessRow {
  if (!row || row.revoked_at || row.install_revoked_at) return false;
  return row.expires_at.getTime() > now.getTime();
}

async function findLiveAccessToken(db: Sql, clock: Clock, token: string): Promise<AccessRow | null> {
  const row = await findAccessToken(db, token);
  return isLive(row, clock.now()) ? row : null;
}

export interface AccessTokenPrincipal {
  tokenId: string;
  installId: string;
  appId: string;
  workspaceId: string;
  abilities: Ability[];
}

/** The public API's view of a live access token row. */
export function accessTokenPrincipal(row: AccessRow): AccessTokenPrincipal {
  return {
    tokenId: row.id,
    installId: row.install_id,
    appId: row.app_id,
    workspaceId: row.workspace_id,
    abilities: row.scopes,
  };
}

export type Introspection =
  | { active: false }
  | {
      active: true;
      scope: string;
      client_id: string;
      token_type: 'Bearer';
      exp: number;
      iat: number;
      workspace_id: string;
      workspace_name: string;
    };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * RFC 7662 for the authenticated client: only its own live access tokens are active. Refresh tokens,
 * expired, revoked, unknown and other clients' tokens all answer exactly { active: false }.
 */
export async function introspectToken(
  db: Sql,
  clock: Clock,
  app: OAuthApp,
  token: string,
): Promise<Introspection> {
  const row = await findLiveAccessToken(db, clock, token);
  if (!row || row.app_workspace_id !== app.workspace_id || row.app_id !== app.id) return { active: false };
  return {
    active: true,
    scope: formatScope(row.scopes),
    client_id: clientIdOf(row.app_workspace_id, row.app_id),
    token_type: 'Bearer',
    exp: seconds(row.expires_at),
    iat: seconds(row.created_at),
    workspace_id: row.workspace_id,
    workspace_name: row.workspace_name,
  };
}
