import type { Sql } from '../db/db';
import { type Clock, HOUR, MINUTE } from '../lib/clock';
import { randomToken, sha256Hex } from '../lib/crypto';
import { DomainError } from '../lib/errors';
import { hashPassword, MAX_PASSWORD_LENGTH } from '../lib/password';
import { enqueueMail } from '../mail/enqueue-mail';
import { MIN_PASSWORD_LENGTH, normalizeEmail } from './users';

/** A reset link works once, for an hour. */
export const PASSWORD_RESET_TTL_MS = HOUR;
/** At most one reset mail per account in this time: asking again sooner sends nothing (no mail bombing). */
export const PASSWORD_RESET_EVERY_MS = MINUTE;
/** At most this many live reset links per account; older ones are dropped first. */
export const MAX_LIVE_RESETS = 3;

/**
 * Asks for a password reset: when the address is a user's, a single-use link (only its SHA-256 kept)
 * is mailed to it. The caller answers the same whether or not the address is known, so the answer
 * does not tell who has an account; the work differs only in a mail written to the outbox.
 */
export async function requestPasswordReset(
  deps: { db: Sql; clock: Clock },
  input: { email: string; resetUrl(token: string): string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.tx(async (tx) => {
    const [user] = await tx.query<{ id: string; email: string }>(
      'select id, email from users where email_normalized = $1 for update',
      [normalizeEmail(input.email)],
    );
    if (!user) return;
    const [recent] = await tx.query<{ n: number }>(
      'select count(*)::int as n from password_resets where user_id = $1 and created_at > $2',
      [user.id, new Date(now.getTime() - PASSWORD_RESET_EVERY_MS)],
    );
    if (recent!.n > 0) return;
    await tx.query(
      `delete from password_resets where user_id = $1 and (expires_at <= $2 or token_hash in (
         select token_hash from password_resets where user_id = $1 order by created_at desc offset $3))`,
      [user.id, now, MAX_LIVE_RESETS - 1],
    );
    const token = randomToken(32);
    await tx.query(
      'insert into password_resets (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)',
      [sha256Hex(token), user.id, now, new Date(now.getTime() + PASSWORD_RESET_TTL_MS)],
    );
    await enqueueMail(tx, now, {
      workspaceId: null,
      kind: 'password_reset',
      to: user.email,
      subject: 'Reset your password',
      text:
        `Someone (hopefully you) asked to reset the password of ${user.email}.\n\n` +
        `Choose a new password here (the link works once, for an hour):\n${input.resetUrl(token)}\n\n` +
        'If you did not ask for this, ignore this message: your password stays as it is.',
    });
  });
}

/**
 * Sets a new password with a reset link: the token is consumed with every other reset link of the
 * account, and every portal session of the account ends (whoever knew the old password is signed out).
 */
export async function completePasswordReset(
  deps: { db: Sql; clock: Clock },
  input: { token: string; password: string },
): Promise<{ email: string }> {
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH)
    throw new DomainError(
      'validation_failed',
      { field: 'password' },
      `Choose a password of ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`,
    );
  if (input.token.length > 200) throw new DomainError('password_reset_invalid');
  // A dead link is refused before the (slow, by design) password hash is computed.
  const live = await deps.db.query(
    'select 1 from password_resets where token_hash = $1 and expires_at > $2',
    [sha256Hex(input.token), deps.clock.now()],
  );
  if (live.length === 0) throw new DomainError('password_reset_invalid');
  const hash = await hashPassword(input.password);
  return deps.db.tx(async (tx) => {
    const now = deps.clock.now();
    const [reset] = await tx.query<{ user_id: string }>(
      'delete from password_resets where token_hash = $1 and expires_at > $2 returning user_id',
      [sha256Hex(input.token), now],
    );
    if (!reset) throw new DomainError('password_reset_invalid');
    await tx.query('delete from password_resets where user_id = $1', [reset.user_id]);
    await tx.query('delete from sessions where user_id = $1', [reset.user_id]);
    const [user] = await tx.query<{ email: string }>(
      'update users set password_hash = $2, updated_at = $3 where id = $1 returning email',
      [reset.user_id, hash, now],
    );
    return { email: user!.email };
  });
}

/** Housekeeping: reset links past their expiry. */
export async function purgeExpiredPasswordResets(db: Sql, now: Date): Promise<number> {
  return (await db.query('delete from password_resets where expires_at <= $1 returning token_hash', [now]))
    .length;
}
