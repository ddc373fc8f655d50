import type { Sql } from '../db/db';

/**
 * The channel that tells every node a workspace's published experiences changed (publish, unpublish,
 * archive), so the cached decision index of that workspace is dropped. Delivered at commit.
 */
export const EXPERIENCES_CHANGED_CHANNEL = 'experiences_changed';

export async function notifyExperiencesChanged(db: Sql, workspaceId: string): Promise<void> {
  await db.notify(EXPERIENCES_CHANGED_CHANNEL, workspaceId);
}
