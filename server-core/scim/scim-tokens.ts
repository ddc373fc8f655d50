import { randomBytes } from 'node:crypto';
import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { sha256Hex } from '../lib/crypto';
import { notFound } from '../lib/errors';
import { newId, parseUlid } from '../lib/ulid';

/**
 * SCIM bearer tokens: `sst_` + the workspace ULID + 256 random bits in base64url. A prefix of their own
 * (never `spk_` or `oat_`), so an API key or OAuth token is never one; stored only as SHA-256 (a 256-bit
 * random secret needs no slow hash); the workspace id in the plaintext must equal the path's.
 */
export const SCIM_TOKEN_PREFIX = 'sst_';
const SCIM_TOKEN_PATTERN = /^sst_([0-9a-hjkmnp-tv-z]{26})[A-Za-z0-9_-]{43}$/;

export interface ScimTokenMetadata {
  id: string;
  created_at: Date;
  created_by: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** What a token's metadata is: never its hash, never its plaintext. */
const TOKEN_COLUMNS = 'id, created_at, created_by, last_used_at, revoked_at';

/** The workspace a well-formed SCIM token names, or null for anything else. */
export function parseScimToken(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = SCIM_TOKEN_PATTERN.exec(value);
  return m ? parseUlid(m[1]) : null;
}

/** Creates a SCIM token for the workspace; the plaintext is returned here once and only its hash is kept. */
export async function createScimToken(ctx: Ctx): Promise<{ token: ScimTokenMetadata; plaintext: string }> {
  const now = ctx.clock.now();
  const plaintext = `${SCIM_TOKEN_PREFIX}${ctx.workspaceId.toLowerCase()}${randomBytes(32).toString('base64url')}`;
  return ctx.db.tx(async (tx) => {
    const [token] = await tx.query<ScimTokenMetadata>(
      `insert into scim_tokens (workspace_id, id, token_hash, created_by, created_at)
       values ($1, $2, $3, $4, $5) returning ${TOKEN_COLUMNS}`,
      [
        ctx.workspaceId,
        newId(now),
        sha256Hex(plaintext),
        ctx.actor.type === 'user' ? ctx.actor.id : null,
        now,
      ],
    );
    await recordAudit(
      { ...ctx, db: tx },
      { action: 'scim_token.created', targetType: 'scim_token', targetId: token!.id },
    );
    return { token: token!, plaintext };
  });
}

/**
 * The token id when `bearer` is a live SCIM token of `workspaceId`, else null. A token that names
 * another workspace is refused before any lookup; the lookup is led by the workspace id and the hash.
 */
export async function authenticateScimToken(
  db: Sql,
  workspaceId: string,
  bearer: string,
  now: Date,
): Promise<string | null> {
  const named = parseScimToken(bearer);
  if (!named || named !== workspaceId.toLowerCase()) return null;
  const rows = await db.query<{ id: string }>(
    `update scim_tokens set last_used_at = $3
     where workspace_id = $1 and token_hash = $2 and revoked_at is null returning id`,
    [workspaceId, sha256Hex(bearer), now],
  );
  return rows[0]?.id ?? null;
}

/** The workspace's SCIM tokens, revoked ones included, newest first (metadata only). */
export async function listScimTokens(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<ScimTokenMetadata[]> {
  return ctx.db.query<ScimTokenMetadata>(
    `select ${TOKEN_COLUMNS} from scim_tokens where workspace_id = $1 and ($2::text is null or id < $2)
     order by id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
}

/**
 * Revokes a SCIM token: the next /scim/v2 request with it is 401 (every request reads the row). Repeating
 * it answers the same metadata with the original revoked_at; another workspace's token is 404.
 */
export async function revokeScimToken(ctx: Ctx, tokenId: string): Promise<ScimTokenMetadata> {
  return ctx.db.tx(async (tx) => {
    const [revoked] = await tx.query<ScimTokenMetadata>(
      `update scim_tokens set revoked_at = $3 where workspace_id = $1 and id = $2 and revoked_at is null
       returning ${TOKEN_COLUMNS}`,
      [ctx.workspaceId, tokenId, ctx.clock.now()],
    );
    if (revoked) {
      await recordAudit(
        { ...ctx, db: tx },
        { action: 'scim_token.revoked', targetType: 'scim_token', targetId: tokenId },
      );
      return revoked;
    }
    const [existing] = await tx.query<ScimTokenMetadata>(
      `select ${TOKEN_COLUMNS} from scim_tokens where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, tokenId],
    );
    if (!existing) throw notFound('SCIM token');
    return existing;
  });
}
