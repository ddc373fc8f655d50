import { createNotifiedCache } from '../cache/notified-cache';
import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';
import { MINUTE, SECOND } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import type { Ability } from './abilities';
import { API_KEYS_CHANNEL, findApiKeyByHash, type StoredApiKey } from './api-keys';
import { parseApiKey } from './key-format';

export interface ApiKeyPrincipal {
  keyId: string;
  workspaceId: string;
  abilities: Ability[];
}

/** Cached entries live this long at most; a revocation reaches every node at once through NOTIFY. */
const CACHE_TTL_MS = 10 * SECOND;
/** last_used_at is written at most this often per key and node, never on every request. */
const TOUCH_EVERY_MS = MINUTE;
const MAX_ENTRIES = 10_000;

/**
 * Turns a bearer key into its principal. Unknown, revoked and expired keys all answer null (one
 * generic 401 upstream: no oracle). State lives in this object, one per Services.
 */
export function createApiKeyAuthenticator(deps: { db: Db; clock: Clock }) {
  const cache = createNotifiedCache<StoredApiKey | null>({
    ...deps,
    channel: API_KEYS_CHANNEL,
    ttlMs: CACHE_TTL_MS,
    maxEntries: MAX_ENTRIES,
  });
  const touched = new Map<string, number>();

  async function touch(key: StoredApiKey, now: Date): Promise<void> {
    const last = touched.get(key.id) ?? key.last_used_at?.getTime() ?? 0;
    if (now.getTime() - last < TOUCH_EVERY_MS) return;
    touched.set(key.id, now.getTime());
    await deps.db.query(
      `update api_keys set last_used_at = $3 where workspace_id = $1 and id = $2
       and (last_used_at is null or last_used_at < $3)`,
      [key.workspace_id, key.id, now],
    );
  }

  return {
    async authenticate(bearer: string): Promise<ApiKeyPrincipal | null> {
      const parsed = parseApiKey(bearer);
      if (!parsed) return null;
      const hash = sha256Hex(bearer);
      const key = await cache.get(hash, parsed.workspaceId, () =>
        findApiKeyByHash(deps.db, parsed.workspaceId, hash),
      );
      const now = deps.clock.now();
      if (!key || key.revoked_at || (key.expires_at && key.expires_at.getTime() <= now.getTime()))
        return null;
      await touch(key, now);
      return { keyId: key.id, workspaceId: key.workspace_id, abilities: key.abilities as Ability[] };
    },
    /** Drops every cached entry (this node); revocations also arrive by NOTIFY. */
    invalidate: cache.clear,
  };
}

export type ApiKeyAuthenticator = ReturnType<typeof createApiKeyAuthenticator>;
