import type { Sql } from '../db/db';
import { getDemoWorkspaceId } from './demo-seed';

/** Browsers resolve *.localhost to the loopback address, so this reaches a server on the laptop. */
export const DEMO_HELP_CENTER_HOST = 'help.localhost';

/** Serves the demo workspace's help center on help.localhost (once; a host taken meanwhile is left alone). */
export async function ensureDemoHelpCenterHost(db: Sql, now: Date): Promise<void> {
  const workspaceId = await getDemoWorkspaceId(db);
  if (!workspaceId) return;
  await db.query(
    `insert into help_center_hosts (host, workspace_id, created_at) values ($1, $2, $3)
     on conflict (host) do nothing`,
    [DEMO_HELP_CENTER_HOST, workspaceId, now],
  );
}
