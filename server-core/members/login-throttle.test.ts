import { randomBytes, scryptSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { DAY, HOUR } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { describeDb } from '../testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../testing/fixtures';
import { login } from './login';
import {
  ACCOUNT_WINDOW_MS,
  backoffMs,
  DEFAULT_LOGIN_LIMITS,
  KNOWN_ADDRESS_MS,
  type LoginLimits,
} from './login-throttle';
import { purgeOldLoginAttempts } from './purge-login-attempts';

type Outcome = { ok: true } | { ok: false; code: string; retry?: number };

const attempt = async (p: Promise<unknown>): Promise<Outcome> => {
  try {
    await p;
    return { ok: true };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const retry = err.is('too_many_login_attempts') ? err.details.retry_after_seconds : undefined;
    return { ok: false, code: err.code, ...(retry !== undefined ? { retry } : {}) };
  }
};

/** A fresh address per test (the per-address count is shared by the suite's database). */
const addr = () => `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/**
 * A real hash in the stored format at the lowest cost verifyPassword accepts (2^10): these tests run
 * hundreds of sign-ins, and what they test is the throttle, not scrypt's cost.
 */
function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N: 2 ** 10, r: 8, p: 1 });
  return `$scrypt$ln=10,r=8,p=1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

describeDb('sign-in throttle', (getDb) => {
  const member = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const user = await makeMember(db, ws.id, 'admin');
    await db.query('update users set password_hash = $2 where id = $1', [user.id, cheapHash(TEST_PASSWORD)]);
    return user;
  };

  it('the backoff doubles from 1 s after the free failures, up to its ceiling', () => {
    const L = DEFAULT_LOGIN_LIMITS;
    expect([4, 5, 6, 7, 8, 14, 15, 50].map((n) => backoffMs(n, L) / 1000)).toEqual([
      0, 1, 2, 4, 8, 512, 900, 900,
    ]);
  });

  it('an attacker failing 50 times from one address is slowed ever more; the owner elsewhere signs in at once', async () => {
    const db = getDb();
    const user = await member();
    const attacker = addr();
    let now = new Date('2030-01-01T00:00:00Z');
    const retries: number[] = [];
    let failures = 0;
    while (failures < 50) {
      const r = await attempt(
        login(db, { email: user.email, password: `guess-${failures}-pw`, ip: attacker, now }),
      );
      if (r.ok) throw new Error('a guess succeeded');
      if (r.code === 'invalid_credentials') failures++;
      else {
        expect(r.code).toBe('too_many_login_attempts');
        retries.push(r.retry!);
        now = new Date(now.getTime() + r.retry! * 1000); // the attacker waits exactly as told
      }
    }
    // Five free guesses, then each guess waits longer than the one before, up to 15 minutes.
    expect(retries.slice(0, 11)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(retries.slice(11).every((r) => r === 900)).toBe(true);
    expect(retries).toHaveLength(45);

    // The owner, from an address never seen before, is not touched by any of it.
    const owner = await attempt(login(db, { email: user.email, password: TEST_PASSWORD, ip: addr(), now }));
    expect(owner).toEqual({ ok: true });
    // The attacker's address stays slowed for this account, even with the right password.
    const stillSlow = await attempt(
      login(db, { email: user.email, password: TEST_PASSWORD, ip: attacker, now }),
    );
    expect(stillSlow).toMatchObject({ ok: false, code: 'too_many_login_attempts' });
  });

  it('parallel guesses from one address: exactly the free ones reach the password check', async () => {
    const db = getDb();
    const user = await member();
    const ip = addr();
    const now = new Date();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        attempt(login(db, { email: user.email, password: `guess-${i}-password`, ip, now })),
      ),
    );
    const codes = results.map((r) => (r.ok ? 'ok' : r.code));
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(DEFAULT_LOGIN_LIMITS.freeFailures);
    expect(codes.filter((c) => c === 'too_many_login_attempts')).toHaveLength(
      12 - DEFAULT_LOGIN_LIMITS.freeFailures,
    );
    // The wait is counted from the latest failure: one second, then the pair may try again.
    expect(results.filter((r) => !r.ok && r.retry !== undefined).every((r) => !r.ok && r.retry === 1)).toBe(
      true,
    );
    const later = new Date(now.getTime() + 1000);
    expect(await attempt(login(db, { email: user.email, password: TEST_PASSWORD, ip, now: later }))).toEqual({
      ok: true,
    });
  });

  it('guessing spread over many addresses meets the per-account ceiling; a known address of the owner is exempt', async () => {
    const db = getDb();
    const user = await member();
    const limits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, accountFailures: 10 };
    const t0 = new Date('2031-03-01T00:00:00Z');
    // The owner signed in from home a week ago: a known address.
    const home = addr();
    const weekAgo = new Date(t0.getTime() - 7 * DAY);
    await login(db, { email: user.email, password: TEST_PASSWORD, ip: home, now: weekAgo }, limits);

    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(login(db, { email: user.email, password: `spread-${i}-pw`, ip: addr(), now: t0 }, limits)),
      ),
    );
    const codes = results.map((r) => (r.ok ? 'ok' : r.code));
    expect(codes.filter((c) => c === 'invalid_credentials')).toHaveLength(10);
    expect(codes.filter((c) => c === 'too_many_login_attempts')).toHaveLength(20);

    // A new address (even with the right password) waits until the oldest failure leaves the hour...
    const fresh = await attempt(
      login(db, { email: user.email, password: TEST_PASSWORD, ip: addr(), now: t0 }, limits),
    );
    expect(fresh).toEqual({ ok: false, code: 'too_many_login_attempts', retry: ACCOUNT_WINDOW_MS / 1000 });
    // ...the owner at home does not.
    expect(
      await attempt(login(db, { email: user.email, password: TEST_PASSWORD, ip: home, now: t0 }, limits)),
    ).toEqual({ ok: true });
    const afterHour = new Date(t0.getTime() + HOUR + 1000);
    expect(
      await attempt(
        login(db, { email: user.email, password: TEST_PASSWORD, ip: addr(), now: afterHour }, limits),
      ),
    ).toEqual({ ok: true });
  });

  it('an address stops being known a month after its last success; purging keeps successes that long', async () => {
    const db = getDb();
    const user = await member();
    const limits: LoginLimits = { ...DEFAULT_LOGIN_LIMITS, accountFailures: 3 };
    const home = addr();
    const t0 = new Date('2032-05-01T00:00:00Z');
    await login(db, { email: user.email, password: TEST_PASSWORD, ip: home, now: t0 }, limits);
    const t1 = new Date(t0.getTime() + KNOWN_ADDRESS_MS - DAY);
    // Housekeeping on the way keeps the success (failures go after a day).
    await purgeOldLoginAttempts(db, t1);
    for (let i = 0; i < 3; i++) {
      await attempt(
        login(db, { email: user.email, password: `x-${i}-password`, ip: addr(), now: t1 }, limits),
      );
    }
    expect(
      await attempt(login(db, { email: user.email, password: TEST_PASSWORD, ip: home, now: t1 }, limits)),
    ).toEqual({ ok: true });
    const t2 = new Date(t1.getTime() + KNOWN_ADDRESS_MS + DAY);
    for (let i = 0; i < 3; i++) {
      await attempt(
        login(db, { email: user.email, password: `y-${i}-password`, ip: addr(), now: t2 }, limits),
      );
    }
    expect(
      await attempt(login(db, { email: user.email, password: TEST_PASSWORD, ip: home, now: t2 }, limits)),
    ).toMatchObject({ ok: false, code: 'too_many_login_attempts' });
  });

  it('an unknown email is throttled exactly like a known one', async () => {
    const db = getDb();
    const email = `nobody-${newId()}@example.test`;
    const ip = addr();
    const now = new Date();
    const codes: string[] = [];
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.freeFailures + 1; i++) {
      const r = await attempt(login(db, { email, password: `guess-${i}-password`, ip, now }));
      codes.push(r.ok ? 'ok' : r.code);
    }
    expect(codes).toEqual([
      ...Array(DEFAULT_LOGIN_LIMITS.freeFailures).fill('invalid_credentials'),
      'too_many_login_attempts',
    ]);
  });

  it('IPv6 addresses in one /64 share their count', async () => {
    const db = getDb();
    const user = await member();
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const now = new Date();
    const codes: string[] = [];
    for (let i = 0; i < DEFAULT_LOGIN_LIMITS.freeFailures + 1; i++) {
      const r = await attempt(
        login(db, { email: user.email, password: `g-${i}-password`, ip: `${prefix}::${i + 1}`, now }),
      );
      codes.push(r.ok ? 'ok' : r.code);
    }
    expect(codes.at(-1)).toBe('too_many_login_attempts');
  });
});
