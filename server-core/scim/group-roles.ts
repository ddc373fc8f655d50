import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { ROLES, type Role } from '../members/catalog';
import { DEFAULT_MEMBER_ROLE } from '../members/grant-membership';

/** The roles a group may confer: capped at admin (a group never makes an owner). */
export const GROUP_ROLES = ['admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];

/**
 * The role a SCIM user's groups give them: the highest mapped role among their groups (a member of two
 * mapped groups holds the higher), else the workspace default role. Unmapped groups confer nothing.
 */
export async function roleFromGroups(db: Sql, workspaceId: string, scimUserId: string): Promise<Role> {
  const rows = await db.query<{ role: GroupRole }>(
    `select r.role from scim_group_members m
     join scim_groups g on g.workspace_id = m.workspace_id and g.id = m.group_id
     join scim_group_roles r on r.workspace_id = g.workspace_id and r.display_name_normalized = lower(g.display_name)
     where m.workspace_id = $1 and m.scim_user_id = $2`,
    [workspaceId, scimUserId],
  );
  return rows.reduce<Role>(
    (best, r) => (ROLES[r.role].rank > ROLES[best].rank ? r.role : best),
    DEFAULT_MEMBER_ROLE,
  );
}

/**
 * Sets a provisioned member's role from their groups. Never creates or removes a membership (a user
 * without one is left alone) and never changes an owner (owners are not SCIM's to demote).
 */
export async function applyGroupRole(ctx: Ctx, scimUserId: string): Promise<void> {
  const role = await roleFromGroups(ctx.db, ctx.workspaceId, scimUserId);
  const changed = await ctx.db.query<{ user_id: string }>(
    `update memberships m set role = $3, updated_at = $4 from scim_users u
     where u.workspace_id = $1 and u.id = $2 and m.workspace_id = u.workspace_id and m.user_id = u.user_id
       and m.role <> 'owner' and m.role <> $3 returning m.user_id`,
    [ctx.workspaceId, scimUserId, role, ctx.clock.now()],
  );
  for (const row of changed) {
    await recordAudit(ctx, {
      action: 'member.role_changed',
      targetType: 'user',
      targetId: row.user_id,
      data: { role, source: 'scim_groups' },
    });
  }
}

/** Re-applies the roles of every member of the workspace's groups with this display name. */
async function reapplyGroupName(ctx: Ctx, displayName: string): Promise<void> {
  const members = await ctx.db.query<{ scim_user_id: string }>(
    `select distinct m.scim_user_id from scim_group_members m
     join scim_groups g on g.workspace_id = m.workspace_id and g.id = m.group_id
     where m.workspace_id = $1 and lower(g.display_name) = lower($2)`,
    [ctx.workspaceId, displayName],
  );
  for (const m of members) await applyGroupRole(ctx, m.scim_user_id);
}

export interface GroupRoleMapping {
  display_name: string;
  role: GroupRole;
}

/**
 * Maps a group displayName (case-insensitive) to a role, or removes the mapping (role null); the
 * members of such groups get their roles again at once. `owner` is refused (capped at admin).
 */
export async function setScimGroupRole(ctx: Ctx, displayName: string, role: string | null): Promise<void> {
  const name = displayName.trim();
  if (name.length < 1 || name.length > 500) {
    throw new DomainError(
      'validation_failed',
      { field: 'display_name' },
      'display_name has 1 to 500 characters.',
    );
  }
  if (role !== null && !(GROUP_ROLES as readonly string[]).includes(role)) {
    throw new DomainError(
      'validation_failed',
      { field: 'role', rule: 'admin_or_member' },
      'A group maps to admin or member.',
    );
  }
  await ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    if (role === null) {
      await tx.query(
        'delete from scim_group_roles where workspace_id = $1 and display_name_normalized = lower($2)',
        [ctx.workspaceId, name],
      );
    } else {
      await tx.query(
        `insert into scim_group_roles (workspace_id, display_name_normalized, role, updated_at) values ($1, lower($2), $3, $4)
         on conflict (workspace_id, display_name_normalized) do update set role = excluded.role, updated_at = excluded.updated_at`,
        [ctx.workspaceId, name, role, ctx.clock.now()],
      );
    }
    await recordAudit(txCtx, { action: 'scim_group_role.set', data: { display_name: name, role } });
    await reapplyGroupName(txCtx, name);
  });
}

export async function listScimGroupRoles(ctx: Ctx): Promise<GroupRoleMapping[]> {
  return ctx.db.query<GroupRoleMapping>(
    `select display_name_normalized as display_name, role from scim_group_roles where workspace_id = $1
     order by display_name_normalized`,
    [ctx.workspaceId],
  );
}
