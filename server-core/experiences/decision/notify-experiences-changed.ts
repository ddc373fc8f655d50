import type { Sql } from '../../db/db';

/** The channel every node's experience index cache listens on; the payload is the workspace id. */
export const EXPERIENCES_CHANNEL = 'experiences_changed';

/**
 * Tells every node that a workspace's published experiences changed (publish, unpublish, archive), so
 * each drops its cached index. Call it inside the transaction of the change: the NOTIFY goes out at
 * commit, never for a change that rolled back. A node that misses it serves the old index for at most
 * the cache's TTL (index-cache.ts).
 */
export function notifyExperiencesChanged(db: Sql, workspaceId: string): Promise<void> {
  return db.notify(EXPERIENCES_CHANNEL, workspaceId);
}
