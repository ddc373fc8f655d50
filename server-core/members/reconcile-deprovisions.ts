import { SYSTEM_ACTOR } from '../context';
import type { Sql } from '../db/db';
import { enqueueJob } from '../jobs/jobs';
import { DAY } from '../lib/clock';
import { revokeInstallsGrantedBy } from '../oauth/revoke-installs-granted-by';

export const RECONCILE_DEPROVISIONS_KIND = 'reconcile_deprovisions';
export const RECONCILE_DEPROVISIONS_EVERY_MS = DAY;

export type ReconcileOutcome = {
  oauth_installs_revoked: number;
  articles_unowned: number;
  sessions_deleted: number;
  scim_users_deactivated: number;
};

/**
 * The daily reconciliation of the deprovision cascade (spec service-api.md section 4.6) for removal paths
 * that emit no event (a membership deleted by an operator, a workspace's rows edited by hand): in every
 * workspace, OAuth installs granted by someone who is no longer a member are revoked with their tokens,
 * article author_id naming a non-member is nulled, and a SCIM user whose membership is gone reads as
 * inactive; sessions of users who are members nowhere are deleted. Idempotent: a second run finds nothing.
 */
export async function reconcileDeprovisions(db: Sql, now: Date): Promise<ReconcileOutcome> {
  const clock = { now: () => now };
  let installs = 0;
  const grants = await db.query<{ workspace_id: string; granted_by: string }>(
    `select distinct i.workspace_id, i.granted_by from oauth_installs i
     where i.revoked_at is null and i.granted_by is not null
       and not exists (select 1 from memberships m where m.workspace_id = i.workspace_id and m.user_id = i.granted_by)`,
  );
  for (const g of grants) {
    installs += await revokeInstallsGrantedBy(
      { db, clock, workspaceId: g.workspace_id, actor: SYSTEM_ACTOR },
      g.granted_by,
    );
  }
  const articles = await db.query(
    `update articles a set author_id = null where a.author_id is not null
       and not exists (select 1 from memberships m where m.workspace_id = a.workspace_id and m.user_id = a.author_id)
     returning a.id`,
  );
  const sessions = await db.query(
    `delete from sessions s where not exists (select 1 from memberships m where m.user_id = s.user_id) returning s.id`,
  );
  const scimUsers = await db.query(
    `update scim_users u set active = false, updated_at = $1 where u.active
       and not exists (select 1 from memberships m where m.workspace_id = u.workspace_id and m.user_id = u.user_id)
     returning u.id`,
    [now],
  );
  return {
    oauth_installs_revoked: installs,
    articles_unowned: articles.length,
    sessions_deleted: sessions.length,
    scim_users_deactivated: scimUsers.length,
  };
}

/** Keeps exactly one reconciliation job scheduled (the dedupe key makes repeats no-ops). */
export function scheduleReconcileDeprovisions(db: Sql, now: Date, runAt: Date = now): Promise<string | null> {
  return enqueueJob(
    db,
    { kind: RECONCILE_DEPROVISIONS_KIND, runAt, dedupeKey: RECONCILE_DEPROVISIONS_KIND, maxAttempts: 3 },
    now,
  );
}
