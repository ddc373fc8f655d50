import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { isUniqueViolation, type Sql } from '../db/db';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import type { Role } from '../members/catalog';
import { deprovisionMember } from '../members/deprovision-member';
import { grantMembership } from '../members/grant-membership';
import { normalizeEmail } from '../members/users';
import { parseEqFilter } from './filter';
import { followUserName } from './follow-user-name';
import { applyGroupRole } from './group-roles';
import { applyUserPatch, type PatchOperation } from './patch';
import { personName, type ScimEmail, type ScimUserFields, userFieldsOf } from './user-fields';

/** A SCIM user of this workspace, with the member's role here (null when not a member: deprovisioned). */
export interface ScimUser extends ScimUserFields {
  id: string;
  userId: string;
  role: Role | null;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: string;
  user_id: string;
  external_id: string | null;
  user_name: string;
  given_name: string | null;
  family_name: string | null;
  formatted_name: string | null;
  display_name: string | null;
  emails: ScimEmail[];
  active: boolean;
  role: Role | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `select u.id, u.user_id, u.external_id, u.user_name, u.given_name, u.family_name, u.formatted_name,
  u.display_name, u.emails, u.active, m.role, u.created_at, u.updated_at
  from scim_users u left join memberships m on m.workspace_id = u.workspace_id and m.user_id = u.user_id`;

const toUser = (r: Row): ScimUser => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  externalId: r.external_id,
  givenName: r.given_name,
  familyName: r.family_name,
  formatted: r.formatted_name,
  displayName: r.display_name,
  emails: typeof r.emails === 'string' ? (JSON.parse(r.emails) as ScimEmail[]) : r.emails,
  active: r.active,
  role: r.role,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** SCIM `count`: 0..200, default 100; `startIndex` >= 1 (spec section 8). */
export const SCIM_MAX_COUNT = 200;
export const SCIM_DEFAULT_COUNT = 100;

/** The attributes a user list filter may compare (`eq` only; userName case-insensitively). */
export const USER_FILTER_ATTRIBUTES = ['userName', 'id', 'externalId', 'emails.value'] as const;

async function loadUser(db: Sql, workspaceId: string, id: string): Promise<ScimUser | null> {
  const rows = await db.query<Row>(`${SELECT} where u.workspace_id = $1 and u.id = $2`, [workspaceId, id]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function getScimUser(ctx: Ctx, id: string): Promise<ScimUser> {
  const user = id.length <= 100 ? await loadUser(ctx.db, ctx.workspaceId, id.toLowerCase()) : null;
  if (!user) throw notFound('user');
  return user;
}

export interface ScimPage<T> {
  totalResults: number;
  startIndex: number;
  resources: T[];
}

/** Lists the workspace's SCIM users by id, filtered by one `eq` comparison, paged by startIndex / count. */
export async function listScimUsers(
  ctx: Ctx,
  query: { filter?: string; startIndex: number; count: number },
): Promise<ScimPage<ScimUser>> {
  const params: unknown[] = [ctx.workspaceId];
  let where = 'u.workspace_id = $1';
  if (query.filter !== undefined) {
    const { attribute, value } = parseEqFilter(query.filter, USER_FILTER_ATTRIBUTES);
    params.push(attribute === 'userName' || attribute === 'emails.value' ? normalizeEmail(value) : value);
    where += {
      userName: ' and u.user_name_normalized = $2',
      id: ' and u.id = lower($2)',
      externalId: ' and u.external_id = $2',
      'emails.value': ` and (u.user_name_normalized = $2 or exists (select 1 from jsonb_array_elements(u.emails) e where lower(e->>'value') = $2))`,
    }[attribute];
  }
  const [{ n }] = (await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from scim_users u where ${where}`,
    params,
  )) as [{ n: number }];
  const rows =
    query.count === 0
      ? []
      : await ctx.db.query<Row>(
          `${SELECT} where ${where} order by u.id limit ${query.count} offset ${query.startIndex - 1}`,
          params,
        );
  return { totalResults: n, startIndex: query.startIndex, resources: rows.map(toUser) };
}

async function writeFields(
  tx: Sql,
  workspaceId: string,
  id: string,
  f: ScimUserFields,
  now: Date,
): Promise<void> {
  try {
    await tx.query(
      `update scim_users set user_name = $3, user_name_normalized = $4, external_id = $5, given_name = $6,
         family_name = $7, formatted_name = $8, display_name = $9, emails = $10::jsonb, active = $11, updated_at = $12
       where workspace_id = $1 and id = $2`,
      [
        workspaceId,
        id,
        f.userName,
        normalizeEmail(f.userName),
        f.externalId,
        f.givenName,
        f.familyName,
        f.formatted,
        f.displayName,
        JSON.stringify(f.emails),
        f.active,
        now,
      ],
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('scim_user_name_taken');
    throw err;
  }
}

/**
 * Creates a SCIM user: the person is resolved or created by e-mail (userName) and, when active, granted a
 * membership through grantMembership (the invitation-acceptance path), with the role of their groups
 * (none yet: the default role). A userName another SCIM user of the workspace holds is 409; so is a
 * person who already has a SCIM user here under another userName.
 */
export async function createScimUser(ctx: Ctx, f: ScimUserFields): Promise<ScimUser> {
  return ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const now = ctx.clock.now();
    const taken = await tx.query(
      'select 1 from scim_users where workspace_id = $1 and user_name_normalized = $2',
      [ctx.workspaceId, normalizeEmail(f.userName)],
    );
    if (taken.length > 0) throw new DomainError('scim_user_name_taken');
    const { user } = f.active
      ? await grantMembership(txCtx, { email: f.userName, name: personName(f), source: 'scim' })
      : { user: await resolveUser(tx, f, now) };
    const id = newId(now);
    try {
      await tx.query(
        `insert into scim_users (workspace_id, id, user_id, user_name, user_name_normalized, active, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
        [ctx.workspaceId, id, user.id, f.userName, normalizeEmail(f.userName), f.active, now],
      );
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('scim_user_name_taken');
      throw err;
    }
    await writeFields(tx, ctx.workspaceId, id, f, now);
    await recordAudit(txCtx, {
      action: 'scim_user.created',
      targetType: 'scim_user',
      targetId: id,
      data: { user_id: user.id },
    });
    return (await loadUser(tx, ctx.workspaceId, id))!;
  });
}

/** A user created inactive: resolved or created by e-mail (one statement, race-free), with no membership. */
async function resolveUser(tx: Sql, f: ScimUserFields, now: Date): Promise<{ id: string }> {
  await tx.query(
    `insert into users (id, email, email_normalized, name, password_hash, created_at, updated_at)
     values ($1, $2, $3, $4, null, $5, $5) on conflict (email_normalized) do nothing`,
    [newId(now), f.userName, normalizeEmail(f.userName), personName(f), now],
  );
  const [user] = await tx.query<{ id: string }>('select id from users where email_normalized = $1', [
    normalizeEmail(f.userName),
  ]);
  return user!;
}

/**
 * Writes the new state of a SCIM user (PUT, or PATCH after its operations). active true → false is the
 * deprovision cascade (refused for the last owner, before anything is written); false → true grants the
 * membership again (the same path as create) with the role of their groups. A new userName moves the
 * person's e-mail when only this workspace knows them (followUserName).
 */
async function changeScimUser(ctx: Ctx, current: ScimUser, next: ScimUserFields): Promise<ScimUser> {
  return ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const now = ctx.clock.now();
    if (current.active && !next.active) await deprovisionMember(txCtx, current.userId);
    await writeFields(tx, ctx.workspaceId, current.id, next, now);
    const emailChanged = await followUserName(tx, ctx.workspaceId, current.userId, next.userName, now);
    if (!current.active && next.active) {
      const [person] = await tx.query<{ email: string }>('select email from users where id = $1', [
        current.userId,
      ]);
      await grantMembership(txCtx, { email: person!.email, name: personName(next), source: 'scim' });
      await applyGroupRole(txCtx, current.id);
    }
    await recordAudit(txCtx, {
      action: 'scim_user.updated',
      targetType: 'scim_user',
      targetId: current.id,
      data: { active: next.active, ...(emailChanged ? { email_changed: true } : {}) },
    });
    return (await loadUser(tx, ctx.workspaceId, current.id))!;
  });
}

/** PUT: the representation replaces the stored one (roles ignored; an absent active keeps the current). */
export async function replaceScimUser(
  ctx: Ctx,
  id: string,
  body: Record<string, unknown>,
): Promise<ScimUser> {
  const current = await getScimUser(ctx, id);
  return changeScimUser(ctx, current, userFieldsOf(body, current.active));
}

/** PATCH: the operations applied to the stored representation, then written as PUT writes. */
export async function patchScimUser(ctx: Ctx, id: string, operations: PatchOperation[]): Promise<ScimUser> {
  const current = await getScimUser(ctx, id);
  return changeScimUser(ctx, current, applyUserPatch(current, operations));
}

/** DELETE: the deprovision cascade, then the SCIM resource goes (its group memberships with it). */
export async function deleteScimUser(ctx: Ctx, id: string): Promise<void> {
  const user = await getScimUser(ctx, id);
  await ctx.db.tx(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await deprovisionMember(txCtx, user.userId);
    await tx.query('delete from scim_users where workspace_id = $1 and id = $2', [ctx.workspaceId, user.id]);
    await recordAudit(txCtx, { action: 'scim_user.deleted', targetType: 'scim_user', targetId: user.id });
  });
}
