import type { Sql } from '../db/db';
import { type Permission, ROLE_PERMISSIONS, type Role } from './catalog';

export async function addMembership(
  db: Sql,
  input: { workspaceId: string; userId: string; role: Role; now: Date },
): Promise<void> {
  await db.query(
    `insert into memberships (workspace_id, user_id, role, created_at, updated_at) values ($1, $2, $3, $4, $4)
     on conflict (workspace_id, user_id) do update set role = excluded.role, updated_at = excluded.updated_at`,
    [input.workspaceId, input.userId, input.role, input.now],
  );
}

/** The member's role in one workspace, or null when the user is not a member of it. */
export async function findMembershipRole(db: Sql, workspaceId: string, userId: string): Promise<Role | null> {
  const rows = await db.query<{ role: Role }>(
    'select role from memberships where workspace_id = $1 and user_id = $2',
    [workspaceId, userId],
  );
  return rows[0]?.role ?? null;
}

export interface MembershipSummary {
  workspace_id: string;
  workspace_name: string;
  role: Role;
  permissions: Permission[];
}

export async function listMemberships(db: Sql, userId: string): Promise<MembershipSummary[]> {
  const rows = await db.query<{ workspace_id: string; workspace_name: string; role: Role }>(
    `select m.workspace_id, w.name as workspace_name, m.role from memberships m
     join workspaces w on w.id = m.workspace_id where m.user_id = $1 order by m.workspace_id`,
    [userId],
  );
  return rows.map((r) => ({ ...r, permissions: [...ROLE_PERMISSIONS[r.role]] }));
}
