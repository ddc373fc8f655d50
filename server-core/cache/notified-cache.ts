import type { Db } from '../db/db';
import type { Clock } from '../lib/clock';

interface Entry<V> {
  value: Promise<V>;
  until: number;
  workspaceId: string;
}

/**
 * A per-node cache of lookups, invalidated on every node through NOTIFY. The notification's payload is a
 * workspace id (its entries go) or `*` (all go); the TTL is the safety net for a lost notification.
 * The promise is cached from the start: concurrent misses share one query, and a notification that lands
 * while the query runs drops it for good (no stale answer written back after an invalidation).
 */
export function createNotifiedCache<V>(deps: {
  db: Db;
  clock: Clock;
  channel: string;
  ttlMs: number;
  maxEntries: number;
}) {
  const entries = new Map<string, Entry<V>>();
  let listening: Promise<unknown> | null = null;
  let listened = false;

  const drop = (payload: string) => {
    if (payload === '*') return entries.clear();
    for (const [key, entry] of entries) if (entry.workspaceId === payload) entries.delete(key);
  };

  const listen = () => {
    listening ??= deps.db.listen(deps.channel, drop).then(
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
    /** The cached value of key (which belongs to workspaceId), loading it on a miss or once expired. */
    async get(key: string, workspaceId: string, load: () => Promise<V>): Promise<V> {
      if (!listened) await listen();
      const now = deps.clock.now().getTime();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      const entry: Entry<V> = { value: load(), until: now + deps.ttlMs, workspaceId };
      if (entries.size >= deps.maxEntries) entries.clear();
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    /** Drops every entry of this node. */
    clear: () => entries.clear(),
  };
}
