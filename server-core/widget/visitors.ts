import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DAY, HOUR } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import { newId } from '../lib/ulid';
import { newVisitorToken, parseVisitorToken } from './visitor-token';

/** A visitor session lasts this long after its last boot (sliding). */
export const VISITOR_TTL_MS = 180 * DAY;
/** last_seen_at / expires_at are written at most this often per visitor. */
const TOUCH_EVERY_MS = HOUR;

export interface Visitor {
  workspaceId: string;
  websiteId: string;
  id: string;
  /** The verified contact, only while it was proven under the current identity secret. */
  contactId: string | null;
  expiresAt: Date;
}

interface VisitorRow {
  workspace_id: string;
  website_id: string;
  id: string;
  contact_id: string | null;
  identity_generation: number | null;
  current_generation: number | null;
  last_seen_at: Date;
  expires_at: Date;
}

function toVisitor(row: VisitorRow): Visitor {
  const verified =
    row.contact_id !== null &&
    row.identity_generation !== null &&
    row.identity_generation === row.current_generation;
  return {
    workspaceId: row.workspace_id,
    websiteId: row.website_id,
    id: row.id,
    contactId: verified ? row.contact_id : null,
    expiresAt: row.expires_at,
  };
}

/** The live visitor a token names, or null (unknown, malformed, expired: the same answer). */
export async function findVisitor(db: Sql, token: unknown, now: Date): Promise<Visitor | null> {
  const parsed = parseVisitorToken(token);
  if (!parsed) return null;
  const rows = await db.query<VisitorRow>(
    `select v.workspace_id, w.website_id, v.id, v.contact_id, v.identity_generation, s.generation as current_generation,
       v.last_seen_at, v.expires_at
     from workspaces w
     join widget_visitors v on v.workspace_id = w.id and v.token_hash = $2
     left join widget_identity_secrets s on s.workspace_id = w.id
     where w.website_id = $1`,
    [parsed.websiteId, sha256Hex(token as string)],
  );
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= now.getTime()) return null;
  return toVisitor(row);
}

/** Extends a visitor's session on boot (written at most hourly). */
export async function touchVisitor(ctx: Ctx, visitor: Visitor): Promise<Visitor> {
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + VISITOR_TTL_MS);
  if (expiresAt.getTime() - visitor.expiresAt.getTime() < TOUCH_EVERY_MS) return visitor;
  await ctx.db.query(
    'update widget_visitors set last_seen_at = $3, expires_at = $4 where workspace_id = $1 and id = $2',
    [ctx.workspaceId, visitor.id, now, expiresAt],
  );
  return { ...visitor, expiresAt };
}

/** A new anonymous visitor; the plaintext token is returned once. */
export async function createVisitor(
  ctx: Ctx,
  websiteId: string,
): Promise<{ visitor: Visitor; token: string }> {
  const now = ctx.clock.now();
  const token = newVisitorToken(websiteId);
  const id = newId(now);
  const expiresAt = new Date(now.getTime() + VISITOR_TTL_MS);
  await ctx.db.query(
    `insert into widget_visitors (workspace_id, id, token_hash, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $4, $5)`,
    [ctx.workspaceId, id, sha256Hex(token), now, expiresAt],
  );
  return {
    token,
    visitor: { workspaceId: ctx.workspaceId, websiteId, id, contactId: null, expiresAt },
  };
}

/** Binds the visitor to a contact proven under the given secret generation. */
export async function linkVisitorIdentity(
  ctx: Ctx,
  visitorId: string,
  contactId: string,
  generation: number,
): Promise<void> {
  await ctx.db.query(
    `update widget_visitors set contact_id = $3, identity_generation = $4, identified_at = $5
     where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, visitorId, contactId, generation, ctx.clock.now()],
  );
}

/** Housekeeping: visitor sessions past their expiry. */
export async function purgeExpiredVisitors(db: Sql, now: Date): Promise<number> {
  return (await db.query('delete from widget_visitors where expires_at < $1 returning id', [now])).length;
}
