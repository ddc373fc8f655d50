import type { Sql } from '../db/db';
import { FLAGS, type Flag } from './catalog';

export const FLAGS_CHANNEL = 'flags_changed';

export async function isFlagEnabled(db: Sql, workspaceId: string, flag: Flag): Promise<boolean> {
  const rows = await db.query<{ enabled: boolean }>(
    'select enabled from feature_flags where workspace_id = $1 and flag = $2',
    [workspaceId, flag],
  );
  return rows[0]?.enabled ?? FLAGS[flag].default;
}

export async function setFlag(
  db: Sql,
  workspaceId: string,
  flag: Flag,
  enabled: boolean,
  now: Date,
): Promise<void> {
  await db.query(
    `insert into feature_flags (workspace_id, flag, enabled, updated_at) values ($1, $2, $3, $4)
     on conflict (workspace_id, flag) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`,
    [workspaceId, flag, enabled, now],
  );
  await db.notify(FLAGS_CHANNEL, workspaceId);
}

/** Every flag with its effective value for one workspace. */
export async function listFlags(db: Sql, workspaceId: string): Promise<Record<Flag, boolean>> {
  const rows = await db.query<{ flag: string; enabled: boolean }>(
    'select flag, enabled from feature_flags where workspace_id = $1',
    [workspaceId],
  );
  const set = new Map(rows.map((r) => [r.flag, r.enabled]));
  return Object.fromEntries(
    (Object.keys(FLAGS) as Flag[]).map((f) => [f, set.get(f) ?? FLAGS[f].default]),
  ) as Record<Flag, boolean>;
}
