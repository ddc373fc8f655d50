import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { API_KEY_COLUMNS, type ApiKeyMetadata } from './create-api-key';

export const API_KEYS_CHANNEL = 'api_keys_changed';

export async function listApiKeys(
  ctx: Ctx,
  page: { limit: number; beforeId: string | null },
): Promise<ApiKeyMetadata[]> {
  return ctx.db.query<ApiKeyMetadata>(
    `select ${API_KEY_COLUMNS} from api_keys where workspace_id = $1 and ($2::text is null or id < $2)
     order by id desc limit $3`,
    [ctx.workspaceId, page.beforeId, page.limit + 1],
  );
}

/** Revokes a key. Repeating it answers the same metadata with the original revoked_at. */
export async function revokeApiKey(ctx: Ctx, keyId: string): Promise<ApiKeyMetadata> {
  return ctx.db.tx(async (tx) => {
    const [updated] = await tx.query<ApiKeyMetadata>(
      `update api_keys set revoked_at = $3 where workspace_id = $1 and id = $2 and revoked_at is null
       returning ${API_KEY_COLUMNS}`,
      [ctx.workspaceId, keyId, ctx.clock.now()],
    );
    if (updated) {
      await recordAudit(
        { ...ctx, db: tx },
        { action: 'api_key.revoked', targetType: 'api_key', targetId: keyId },
      );
      // Every node drops its cached copy at commit.
      await tx.notify(API_KEYS_CHANNEL, ctx.workspaceId);
      return updated;
    }
    const [existing] = await tx.query<ApiKeyMetadata>(
      `select ${API_KEY_COLUMNS} from api_keys where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, keyId],
    );
    if (!existing) throw notFound('API key');
    return existing;
  });
}

export interface StoredApiKey {
  id: string;
  workspace_id: string;
  abilities: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export async function findApiKeyByHash(
  db: Sql,
  workspaceId: string,
  keyHash: string,
): Promise<StoredApiKey | null> {
  const rows = await db.query<StoredApiKey>(
    `select id, workspace_id, abilities, expires_at, revoked_at, last_used_at from api_keys
     where workspace_id = $1 and key_hash = $2`,
    [workspaceId, keyHash],
  );
  return rows[0] ?? null;
}
