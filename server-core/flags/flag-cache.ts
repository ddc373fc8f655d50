import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';
import { SECOND } from '../lib/clock';
import type { Flag } from './catalog';
import { FLAGS_CHANNEL, listFlags } from './flags';

const CACHE_TTL_MS = 5 * SECOND;

/**
 * Effective flags per workspace, cached briefly. setFlag notifies every node, which drops its copy,
 * so a flag switched off answers 404 on the next request, not after the TTL.
 */
export function createFlagCache(deps: { db: Db; clock: Clock }) {
  const cache = new Map<string, { flags: Record<Flag, boolean>; until: number }>();
  let listening: Promise<unknown> | null = null;
  return {
    async isEnabled(workspaceId: string, flag: Flag): Promise<boolean> {
      listening ??= deps.db
        .listen(FLAGS_CHANNEL, (workspace) => cache.delete(workspace))
        .catch(() => {
          listening = null;
        });
      await listening;
      const now = deps.clock.now().getTime();
      let entry = cache.get(workspaceId);
      if (!entry || entry.until <= now) {
        entry = { flags: await listFlags(deps.db, workspaceId), until: now + CACHE_TTL_MS };
        if (cache.size > 10_000) cache.clear();
        cache.set(workspaceId, entry);
      }
      return entry.flags[flag];
    },
  };
}

export type FlagCache = ReturnType<typeof createFlagCache>;
