import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { DAY, HOUR } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import { newRandomId } from '../lib/ulid';
import { newVisitorToken, parseVisitorToken, verifyVisitorToken } from './visitor-token';

/** A visitor session lasts this long after its last boot (sliding). */
export const VISITOR_TTL_MS = 180 * DAY;
/** last_seen_at / expires_at are written at most this often per visitor. */
const TOUCH_EVERY_MS = HOUR;

/**
 * A visitor. A boot without a live token issues a signed token for a new visitor id and writes nothing
 * (`stored: false`): anonymous boots cannot grow widget_visitors. The row is written by storeVisitor at the
 * visitor's first write (identify, and any later write made for a visitor) or when it comes back at least
 * an hour later (touchVisitor), from when on its expiry slides as before.
 */
export interface Visitor {
  workspaceId: string;
  websiteId: string;
  id: string;
  /** The verified contact, only while it was proven under the current identity secret. */
  contactId: string | null;
  expiresAt: Date;
  stored: boolean;
  /** SHA-256 of the token that named it: what the row keeps. */
  tokenHash: string;
  issuedAt: Date;
}

/** What finding a visitor needs: the database and the key that signs visitor tokens. */
export interface VisitorDeps {
  db: Sql;
  visitorTokenKey: Buffer;
}

interface Row {
  workspace_id: string;
  website_id: string;
  id: string | null;
  contact_id: string | null;
  identity_generation: number | null;
  current_generation: number | null;
  created_at: Date | null;
  expires_at: Date | null;
}

/** The live visitor a token names, stored or not yet, or null (unknown, malformed, forged, expired: the same answer). */
export async function findVisitor(deps: VisitorDeps, token: unknown, now: Date): Promise<Visitor | null> {
  const parsed = parseVisitorToken(token);
  if (!parsed) return null;
  const tokenHash = sha256Hex(token as string);
  const [row] = await deps.db.query<Row>(
    `select w.id as workspace_id, w.website_id, v.id, v.contact_id, v.identity_generation,
       s.generation as current_generation, v.created_at, v.expires_at
     from workspaces w
     left join widget_visitors v on v.workspace_id = w.id and v.token_hash = $2
     left join widget_identity_secrets s on s.workspace_id = w.id
     where w.website_id = $1`,
    [parsed.websiteId, tokenHash],
  );
  if (!row) return null;
  const base = { workspaceId: row.workspace_id, websiteId: row.website_id, tokenHash };
  if (row.id !== null) {
    if (row.expires_at!.getTime() <= now.getTime()) return null;
    const verified =
      row.contact_id !== null &&
      row.identity_generation !== null &&
      row.identity_generation === row.current_generation;
    return {
      ...base,
      id: row.id,
      contactId: verified ? row.contact_id : null,
      expiresAt: row.expires_at!,
      stored: true,
      issuedAt: row.created_at!,
    };
  }
  // Not stored: a signed token of this website, within 180 days of its issue (a stored visitor that expired
  // was issued longer ago than that, so purging a row never revives its token).
  const signed = verifyVisitorToken(deps.visitorTokenKey, token);
  if (!signed || signed.websiteId !== row.website_id) return null;
  const expiresAt = new Date(signed.issuedAt.getTime() + VISITOR_TTL_MS);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return {
    ...base,
    id: signed.visitorId,
    contactId: null,
    expiresAt,
    stored: false,
    issuedAt: signed.issuedAt,
  };
}

/** A new anonymous visitor and its token (returned once). Nothing is written. */
export function issueVisitor(
  key: Buffer,
  workspace: { id: string; websiteId: string },
  now: Date,
): { visitor: Visitor; token: string } {
  // Fresh randomness, not the monotonic factory: the id's time is the issue time the token carries.
  const id = newRandomId(now);
  const token = newVisitorToken(key, workspace.websiteId, id);
  return {
    token,
    visitor: {
      workspaceId: workspace.id,
      websiteId: workspace.websiteId,
      id,
      contactId: null,
      expiresAt: new Date(now.getTime() + VISITOR_TTL_MS),
      stored: false,
      tokenHash: sha256Hex(token),
      issuedAt: now,
    },
  };
}

/**
 * Writes a not-yet-stored visitor (idempotent: parallel first writes store it once). Every write made for
 * a visitor calls this first. Its expiry slides from now.
 */
export async function storeVisitor(ctx: Ctx, visitor: Visitor): Promise<Visitor> {
  if (visitor.stored) return visitor;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + VISITOR_TTL_MS);
  await ctx.db.query(
    `insert into widget_visitors (workspace_id, id, token_hash, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
    [visitor.workspaceId, visitor.id, visitor.tokenHash, visitor.issuedAt, now, expiresAt],
  );
  return { ...visitor, stored: true, expiresAt };
}

/**
 * Extends a visitor's session on boot (written at most hourly). A visitor not stored yet that comes back
 * an hour or more after its token was issued is stored now: it returned, so its expiry starts to slide.
 */
export async function touchVisitor(ctx: Ctx, visitor: Visitor): Promise<Visitor> {
  const now = ctx.clock.now();
  if (!visitor.stored) {
    return now.getTime() - visitor.issuedAt.getTime() < TOUCH_EVERY_MS ? visitor : storeVisitor(ctx, visitor);
  }
  const expiresAt = new Date(now.getTime() + VISITOR_TTL_MS);
  if (expiresAt.getTime() - visitor.expiresAt.getTime() < TOUCH_EVERY_MS) return visitor;
  await ctx.db.query(
    'update widget_visitors set last_seen_at = $3, expires_at = $4 where workspace_id = $1 and id = $2',
    [ctx.workspaceId, visitor.id, now, expiresAt],
  );
  return { ...visitor, expiresAt };
}

/** Binds the visitor to a contact proven under the given secret generation (storing it first). */
export async function linkVisitorIdentity(
  ctx: Ctx,
  visitor: Visitor,
  contactId: string,
  generation: number,
): Promise<void> {
  await storeVisitor(ctx, visitor);
  await ctx.db.query(
    `update widget_visitors set contact_id = $3, identity_generation = $4, identified_at = $5
     where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, visitor.id, contactId, generation, ctx.clock.now()],
  );
}

/** Housekeeping: visitor sessions past their expiry. */
export async function purgeExpiredVisitors(db: Sql, now: Date): Promise<number> {
  return (await db.query('delete from widget_visitors where expires_at < $1 returning id', [now])).length;
}
