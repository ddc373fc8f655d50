import type { Ability } from '../apikeys/abilities';
import type { Sql } from '../db/db';
import { newId } from '../lib/ulid';
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from './lifetimes';
import { formatScope } from './scopes';
import { mintCredential } from './token-format';

/** What the token endpoint answers (spec service-api.md section 2, OAuth token response). */
export interface TokenSet {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  workspace_id: string;
}

/** A new access and refresh token pair of one install, in the caller's transaction; only hashes are stored. */
export async function issueTokens(
  tx: Sql,
  now: Date,
  grant: { workspaceId: string; installId: string; grantId: string; scopes: readonly Ability[] },
): Promise<TokenSet> {
  const access = mintCredential('access', grant.workspaceId);
  const refresh = mintCredential('refresh', grant.workspaceId);
  const insert = (kind: 'access' | 'refresh', hash: string, ttl: number) =>
    tx.query(
      `insert into oauth_tokens (workspace_id, id, install_id, grant_id, kind, token_hash, scopes, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9)`,
      [
        grant.workspaceId,
        newId(now),
        grant.installId,
        grant.grantId,
        kind,
        hash,
        grant.scopes,
        now,
        new Date(now.getTime() + ttl),
      ],
    );
  await insert('access', access.hash, ACCESS_TOKEN_TTL_MS);
  await insert('refresh', refresh.hash, REFRESH_TOKEN_TTL_MS);
  return {
    access_token: access.plaintext,
    token_type: 'Bearer',
    expires_in: Math.floor(ACCESS_TOKEN_TTL_MS / 1000),
    refresh_token: refresh.plaintext,
    scope: formatScope(grant.scopes),
    workspace_id: grant.workspaceId,
  };
}
