import { createNotifiedCache } from '../cache/notified-cache';
import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';
import { SECOND } from '../lib/clock';
import type { Flag } from './catalog';
import { FLAGS_CHANNEL, listFlags } from './flags';

/**
 * Effective flags per workspace, cached briefly. setFlag notifies every node, which drops its copy,
 * so a flag switched off answers 404 on the next request of the node that switched it, and on the others
 * as soon as the notification arrives (the 5 s TTL is the safety net).
 */
export function createFlagCache(deps: { db: Db; clock: Clock }) {
  const cache = createNotifiedCache<Record<Flag, boolean>>({
    ...deps,
    channel: FLAGS_CHANNEL,
    ttlMs: 5 * SECOND,
    maxEntries: 10_000,
  });
  return {
    async isEnabled(workspaceId: string, flag: Flag): Promise<boolean> {
      const flags = await cache.get(workspaceId, workspaceId, () => listFlags(deps.db, workspaceId));
      return flags[flag];
    },
  };
}

export type FlagCache = ReturnType<typeof createFlagCache>;
