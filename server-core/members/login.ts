import type { Sql } from '../db/db';
import { DomainError } from '../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../lib/password';
import { addressKey } from '../ratelimit/address-key';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, reserveLoginAttempt } from './login-throttle';
import { createSession, type Session } from './sessions';
import { normalizeEmail, type User } from './users';

export interface LoginInput {
  email: string;
  password: string;
  /** The client address (stored on the session; throttled by its addressKey). */
  ip: string;
  userAgent?: string | null;
  now: Date;
}

export interface LoginResult {
  user: User;
  session: Session;
  token: string;
}

const invalidCredentials = () => new DomainError('invalid_credentials');

/**
 * Signs a user in. The attempt is reserved by the throttle (login-throttle.ts) before the password is
 * checked, so parallel guesses cannot slip past a limit; an unknown email is throttled alike, costs the
 * same scrypt as a wrong password and answers the same invalid_credentials.
 */
export async function login(
  db: Sql,
  input: LoginInput,
  limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const attemptId = await reserveLoginAttempt(
    db,
    { email, address: addressKey(input.ip), now: input.now },
    limits,
  );

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
