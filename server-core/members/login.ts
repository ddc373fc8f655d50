import type { Sql } from '../db/db';
import { MINUTE } from '../lib/clock';
import { DomainError, tooManyRequests } from '../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../lib/password';
import { newId } from '../lib/ulid';
import { createSession, type Session } from './sessions';
import { normalizeEmail, type User } from './users';

/** Guessing throttle (recorded in docs/decisions.md). Counted in the database, so all nodes share it. */
export const LOGIN_WINDOW_MS = 15 * MINUTE;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 50;

export interface LoginInput {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
  now: Date;
}

export interface LoginResult {
  user: User;
  session: Session;
  token: string;
}

const invalidCredentials = () =>
  new DomainError('invalid_credentials', 401, 'The email address or password is not correct.');

/**
 * Signs a user in. Attempts are reserved under per-email and per-IP advisory locks before the
 * password is checked, so parallel guesses cannot slip past the limit; an unknown email costs the same
 * scrypt as a wrong password and answers the same 401.
 */
export async function login(db: Sql, input: LoginInput): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const attemptId = await reserveAttempt(db, email, input.ip, input.now);

  const users = await db.query<User & { password_hash: string | null }>(
    'select id, email, name, password_hash from users where email_normalized = $1',
    [email],
  );
  const user = users[0];
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user?.password_hash || !ok) throw invalidCredentials();

  await db.query('update login_attempts set succeeded = true where id = $1', [attemptId]);
  const { session, token } = await createSession(db, {
    userId: user.id,
    now: input.now,
    ip: input.ip,
    userAgent: input.userAgent ?? null,
  });
  return { user: { id: user.id, email: user.email, name: user.name }, session, token };
}

async function reserveAttempt(db: Sql, email: string, ip: string, now: Date): Promise<string> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  return db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('login:email:' || $1))", [email]);
    await tx.query("select pg_advisory_xact_lock(hashtext('login:ip:' || $1))", [ip]);
    // Failures for this email since its last success inside the window (a pending attempt counts).
    const [byEmail] = await tx.query<{ n: number; oldest: Date | null }>(
      `select count(*)::int as n, min(created_at) as oldest from login_attempts
       where email_normalized = $1 and not succeeded and created_at > greatest($2::timestamptz,
         coalesce((select max(created_at) from login_attempts where email_normalized = $1 and succeeded), $2::timestamptz))`,
      [email, since],
    );
    const [byIp] = await tx.query<{ n: number; oldest: Date | null }>(
      `select count(*)::int as n, min(created_at) as oldest from login_attempts
       where ip = $1 and not succeeded and created_at > $2`,
      [ip, since],
    );
    for (const [count, limit] of [
      [byEmail!, MAX_FAILURES_PER_EMAIL],
      [byIp!, MAX_FAILURES_PER_IP],
    ] as const) {
      if (count.n >= limit) {
        const retryMs = (count.oldest?.getTime() ?? now.getTime()) + LOGIN_WINDOW_MS - now.getTime();
        throw tooManyRequests(
          'too_many_login_attempts',
          'Too many failed sign-in attempts. Try again later.',
          Math.max(1, Math.ceil(retryMs / 1000)),
        );
      }
    }
    const id = newId(now);
    await tx.query(
      'insert into login_attempts (id, email_normalized, ip, succeeded, created_at) values ($1, $2, $3, false, $4)',
      [id, email, ip, now],
    );
    return id;
  });
}
