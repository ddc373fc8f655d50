import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { parseEqFilter } from './filter';
import { applyGroupRole } from './group-roles';
import { type GroupPatch, groupPatchOf, type PatchOperation } from './patch';
import type { ScimPage } from './scim-users';

export interface ScimGroupMember {
  value: string;
  display: string;
}

export interface ScimGroup {
  id: string;
  externalId: string | null;
  displayName: string;
  members: ScimGroupMember[];
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  external_id: string | null;
  display_name: string;
  created_at: Date;
  updated_at: Date;
}

export const GROUP_FILTER_ATTRIBUTES = ['displayName', 'id', 'externalId'] as const;

async function membersOf(
  db: Sql,
  workspaceId: string,
  groupIds: string[],
): Promise<Map<string, ScimGroupMember[]>> {
  const out = new Map<string, ScimGroupMember[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return out;
  const rows = await db.query<{ group_id: string; value: string; display: string }>(
    `select m.group_id, u.id as value, u.user_name as display from scim_group_members m
     join scim_users u on u.workspace_id = m.workspace_id and u.id = m.scim_user_id
     where m.workspace_id = $1 and m.group_id = any($2::text[]) order by u.id`,
    [workspaceId, groupIds],
  );
  for (const r of rows) out.get(r.group_id)?.push({ value: r.value, display: r.display });
  return out;
}

async function withMembers(
  db: Sql,
  workspaceId: string,
  rows: Row[],
  members: boolean,
): Promise<ScimGroup[]> {
  const byGroup = members
    ? await membersOf(
        db,
        workspaceId,
        rows.map((r) => r.id),
      )
    : new Map();
  return rows.map((r) => ({
    id: r.id,
    externalId: r.external_id,
    displayName: r.display_name,
    members: byGroup.get(r.id) ?? [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

const COLUMNS = 'id, external_id, display_name, created_at, updated_at';

export async function getScimGroup(
  ctx: Ctx,
  id: string,
  opts: { members?: boolean } = {},
): Promise<ScimGroup> {
  const rows =
    id.length <= 100
      ? await ctx.db.query<Row>(`select ${COLUMNS} from scim_groups where workspace_id = $1 and id = $2`, [
          ctx.workspaceId,
          id.toLowerCase(),
        ])
      : [];
  if (!rows[0]) throw notFound('group');
  return (await withMembers(ctx.db, ctx.workspaceId, rows, opts.members ?? true))[0]!;
}

/** Lists groups by id; `members` false leaves members out (excludedAttributes=members, as Entra asks). */
export async function listScimGroups(
  ctx: Ctx,
  query: { filter?: string; startIndex: number; count: number; members: boolean },
): Promise<ScimPage<ScimGroup>> {
  const params: unknown[] = [ctx.workspaceId];
  let where = 'workspace_id = $1';
  if (query.filter !== undefined) {
    const { attribute, value } = parseEqFilter(query.filter, GROUP_FILTER_ATTRIBUTES);
    params.push(value);
    where += {
      displayName: ' and lower(display_name) = lower($2)',
      id: ' and id = lower($2)',
      externalId: ' and external_id = $2',
    }[attribute];
  }
  const [count] = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from scim_groups where ${where}`,
    params,
  );
  const rows =
    query.count === 0
      ? []
      : await ctx.db.query<Row>(
          `select ${COLUMNS} from scim_groups where ${where} order by id limit ${query.count} offset ${query.startIndex - 1}`,
          params,
        );
  return {
    totalResults: count!.n,
    startIndex: query.startIndex,
    resources: await withMembers(ctx.db, ctx.workspaceId, rows, query.members),
  };
}

/** The SCIM users of this workspace among `ids`; ids that name nothing here are ignored. */
async function knownUsers(db: Sql, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    'select id from scim_users where workspace_id = $1 and id = any($2::text[])',
    [workspaceId, ids.map((i) => i.toLowerCase())],
  );
  return rows.map((r) => r.id);
}

/**
 * Applies a group change: members added, removed or replaced, then the roles of everyone touched
 * recomputed (adding applies the mapped role; removing returns them to the default role unless another
 * mapped group holds them). Never creates or removes a workspace membership.
 */
async function applyGroupPatch(ctx: Ctx, groupId: string, patch: GroupPatch): Promise<void> {
  const now = ctx.clock.now();
  const touched = new Set<string>();
  if (patch.displayName !== undefined || patch.externalId !== undefined) {
    await ctx.db.query(
      `update scim_groups set display_name = coalesce($3, display_name),
         external_id = case when $4::boolean then $5 else external_id end, updated_at = $6
       where workspace_id = $1 and id = $2`,
      [
        ctx.workspaceId,
        groupId,
        patch.displayName ?? null,
        patch.externalId !== undefined,
        patch.externalId ?? null,
        now,
      ],
    );
    // A new name may select another role for every member.
    for (const r of await ctx.db.query<{ scim_user_id: string }>(
      'select scim_user_id from scim_group_members where workspace_id = $1 and group_id = $2',
      [ctx.workspaceId, groupId],
    ))
      touched.add(r.scim_user_id);
  }
  if (patch.removeAll || patch.replace) {
    const gone = await ctx.db.query<{ scim_user_id: string }>(
      'delete from scim_group_members where workspace_id = $1 and group_id = $2 returning scim_user_id',
      [ctx.workspaceId, groupId],
    );
    for (const r of gone) touched.add(r.scim_user_id);
  }
  const remove = await knownUsers(ctx.db, ctx.workspaceId, patch.remove);
  if (remove.length > 0) {
    await ctx.db.query(
      'delete from scim_group_members where workspace_id = $1 and group_id = $2 and scim_user_id = any($3::text[])',
      [ctx.workspaceId, groupId, remove],
    );
    for (const id of remove) touched.add(id);
  }
  const add = await knownUsers(ctx.db, ctx.workspaceId, [...patch.add, ...(patch.replace ?? [])]);
  for (const id of add) {
    await ctx.db.query(
      `insert into scim_group_members (workspace_id, group_id, scim_user_id, created_at) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [ctx.workspaceId, groupId, id, now],
    );
    touched.add(id);
  }
  await ctx.db.query('update scim_groups set updated_at = $3 where workspace_id = $1 and id = $2', [
    ctx.workspaceId,
    groupId,
    now,
  ]);
  for (const id of touched) await applyGroupRole(ctx, id);
}

export async function createScimGroup(
  ctx: Ctx,
  input: { displayName: string; externalId: string | null; members: string[] },
): Promise<ScimGroup> {
  return ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const now = ctx.clock.now();
    const id = newId(now);
    await tx.query(
      `insert into scim_groups (workspace_id, id, external_id, display_name, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $5)`,
      [ctx.workspaceId, id, input.externalId, input.displayName, now],
    );
    await applyGroupPatch(txCtx, id, { add: input.members, remove: [], replace: null, removeAll: false });
    await recordAudit(txCtx, { action: 'scim_group.created', targetType: 'scim_group', targetId: id });
    return getScimGroup(txCtx, id);
  });
}

export async function patchScimGroup(ctx: Ctx, id: string, operations: PatchOperation[]): Promise<ScimGroup> {
  const patch = groupPatchOf(operations);
  return ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const group = await getScimGroup(txCtx, id, { members: false });
    await applyGroupPatch(txCtx, group.id, patch);
    await recordAudit(txCtx, { action: 'scim_group.updated', targetType: 'scim_group', targetId: group.id });
    return getScimGroup(txCtx, group.id);
  });
}

/** Deletes a group: its members return to their default role (or another group's); nobody leaves the workspace. */
export async function deleteScimGroup(ctx: Ctx, id: string): Promise<void> {
  await ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const group = await getScimGroup(txCtx, id, { members: false });
    const members = await tx.query<{ scim_user_id: string }>(
      'select scim_user_id from scim_group_members where workspace_id = $1 and group_id = $2',
      [ctx.workspaceId, group.id],
    );
    await tx.query('delete from scim_groups where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      group.id,
    ]);
    for (const m of members) await applyGroupRole(txCtx, m.scim_user_id);
    await recordAudit(txCtx, { action: 'scim_group.deleted', targetType: 'scim_group', targetId: group.id });
  });
}
