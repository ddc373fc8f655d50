import type { Sql } from '../db/db';
import { HOUR, MINUTE } from '../lib/clock';
import { randomToken, sha256Hex } from '../lib/crypto';
import { newId } from '../lib/ulid';

/** Portal sessions last 12 hours from sign-in, whatever the activity (docs/decisions/auth-and-sessions.md). */
export const SESSION_TTL_MS = 12 * HOUR;
/** last_seen_at is refreshed at most this often, so a busy session is not a write per request. */
const TOUCH_EVERY_MS = 5 * MINUTE;

export interface Session {
  id: string;
  user_id: string;
  expires_at: Date;
  last_seen_at: Date;
}

/** Creates a session; the token is returned once and only its SHA-256 is stored. */
export async function createSession(
  db: Sql,
  input: { userId: string; now: Date; ip?: string | null; userAgent?: string | null },
): Promise<{ session: Session; token: string }> {
  const token = randomToken(32);
  const expiresAt = new Date(input.now.getTime() + SESSION_TTL_MS);
  const [session] = await db.query<Session>(
    `insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
     values ($1, $2, $3, $4, $4, $5, $6, $7) returning id, user_id, expires_at, last_seen_at`,
    [
      newId(input.now),
      sha256Hex(token),
      input.userId,
      input.now,
      expiresAt,
      input.ip ?? null,
      input.userAgent?.slice(0, 400) ?? null,
    ],
  );
  return { session: session!, token };
}

/** The live session a token names, or null (unknown, expired or malformed token). */
export async function findSession(db: Sql, token: string | undefined, now: Date): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const rows = await db.query<Session>(
    'select id, user_id, expires_at, last_seen_at from sessions where token_hash = $1 and expires_at > $2',
    [sha256Hex(token), now],
  );
  const session = rows[0] ?? null;
  if (session && now.getTime() - session.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.query('update sessions set last_seen_at = $2 where id = $1', [session.id, now]);
  }
  return session;
}

export async function deleteSessionByToken(db: Sql, token: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [sha256Hex(token)]);
}

/** Housekeeping: sessions past their expiry. */
export async function purgeExpiredSessions(db: Sql, now: Date): Promise<number> {
  return (await db.query('delete from sessions where expires_at <= $1 returning id', [now])).length;
}
