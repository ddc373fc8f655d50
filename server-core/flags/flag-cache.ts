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
  // The promise is cached from the start: concurrent misses share one query, and a NOTIFY that lands
  // while it runs drops it for good (no stale answer written back after the invalidation).
  const cache = new Map<string, { flags: Promise<Record<Flag, boolean>>; until: number }>();
  let listening: Promise<unknown> | null = null;
  let listened = false;

  const listen = () => {
    listening ??= deps.db
      .listen(FLAGS_CHANNEL, (workspace) => cache.delete(workspace))
      .then(
        () => {
          listened = true;
        },
        () => {
          listening = null;
        },
      );
    return listening;
  };

  return {
    async isEnabled(workspaceId: string, flag: Flag): Promise<boolean> {
      if (!listened) await listen();
      const now = deps.clock.now().getTime();
      let entry = cache.get(workspaceId);
      if (!entry || entry.until <= now) {
        const fresh = { flags: listFlags(deps.db, workspaceId), until: now + CACHE_TTL_MS };
        if (cache.size > 10_000) cache.clear();
        cache.set(workspaceId, fresh);
        fresh.flags.catch(() => {
          if (cache.get(workspaceId) === fresh) cache.delete(workspaceId);
        });
        entry = fresh;
      }
      return (await entry.flags)[flag];
    },
  };
}

export type FlagCache = ReturnType<typeof createFlagCache>;
