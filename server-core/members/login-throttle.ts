import type { Sql } from '../db/db';
import { DAY, HOUR, MINUTE, SECOND } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';

/**
 * The sign-in throttle (docs/decisions.md, "Sign-in throttling"). Three counts, all in login_attempts so
 * every node shares them; `address` is the client address's throttle key (IPv6 by /64):
 * - per account and address: after `freeFailures` wrong passwords since this pair's last success, each
 *   next attempt waits 1 s, 2 s, 4 s, ... (doubling, at most `maxBackoffMs`) after the latest failure.
 *   An attacker at one address is slowed; the owner elsewhere is not touched.
 * - per account across addresses: `accountFailures` an hour, so guessing spread over many addresses is
 *   slowed too. An address this account signed in from within KNOWN_ADDRESS_MS (a device the owner
 *   used) is exempt: the owner there keeps only the per-pair backoff, whatever others do.
 * - per address across accounts: `addressFailures` per 15 minutes (password spraying).
 * While any applies, even the right password is refused (429, Retry-After = the longest wait).
 */
export interface LoginLimits {
  freeFailures: number;
  maxBackoffMs: number;
  accountFailures: number;
  addressFailures: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  freeFailures: 5,
  maxBackoffMs: 15 * MINUTE,
  accountFailures: 100,
  addressFailures: 50,
};

export const FIRST_BACKOFF_MS = SECOND;
/** Failures of one pair older than this no longer add to its backoff (and are purged: purge-login-attempts.ts). */
export const PAIR_LOOKBACK_MS = DAY;
export const ACCOUNT_WINDOW_MS = HOUR;
export const ADDRESS_WINDOW_MS = 15 * MINUTE;
/** A success from an address makes it known to the account this long. */
export const KNOWN_ADDRESS_MS = 30 * DAY;

/** How long the pair must wait after its latest failure, given how many it has. */
export function backoffMs(failures: number, limits: LoginLimits): number {
  if (failures < limits.freeFailures) return 0;
  const doublings = Math.min(failures - limits.freeFailures, 40);
  return Math.min(limits.maxBackoffMs, FIRST_BACKOFF_MS * 2 ** doublings);
}

interface Counts {
  pair_failures: number;
  pair_latest: Date | null;
  account_failures: number;
  account_oldest: Date | null;
  address_failures: number;
  address_oldest: Date | null;
  known: boolean;
}

/**
 * Reserves one attempt before the password is checked: under per-email and per-address advisory locks
 * the counts are read and, when no limit applies, a failed attempt is written (a success flips it), so
 * parallel guesses see each other and cannot exceed a limit. An unknown email runs the same queries.
 */
export async function reserveLoginAttempt(
  db: Sql,
  input: { email: string; address: string; now: Date },
  limits: LoginLimits,
): Promise<string> {
  const { email, address, now } = input;
  const at = (ms: number) => new Date(now.getTime() - ms);
  return db.tx(async (tx) => {
    await tx.query("select pg_advisory_xact_lock(hashtext('login:email:' || $1))", [email]);
    await tx.query("select pg_advisory_xact_lock(hashtext('login:ip:' || $1))", [address]);
    const [c] = await tx.query<Counts>(
      `with pair_since as (
         select greatest($3::timestamptz, coalesce(max(created_at), $3::timestamptz)) as t from login_attempts
         where email_normalized = $1 and ip = $2 and succeeded and created_at > $3)
       select
         (select count(*)::int from login_attempts, pair_since
           where email_normalized = $1 and ip = $2 and not succeeded and created_at > pair_since.t) as pair_failures,
         (select max(created_at) from login_attempts
           where email_normalized = $1 and ip = $2 and not succeeded and created_at > $3) as pair_latest,
         (select count(*)::int from login_attempts
           where email_normalized = $1 and not succeeded and created_at > $4) as account_failures,
         (select min(created_at) from login_attempts
           where email_normalized = $1 and not succeeded and created_at > $4) as account_oldest,
         (select count(*)::int from login_attempts
           where ip = $2 and not succeeded and created_at > $5) as address_failures,
         (select min(created_at) from login_attempts
           where ip = $2 and not succeeded and created_at > $5) as address_oldest,
         exists (select 1 from login_attempts
           where email_normalized = $1 and ip = $2 and succeeded and created_at > $6) as known`,
      [
        email,
        address,
        at(PAIR_LOOKBACK_MS),
        at(ACCOUNT_WINDOW_MS),
        at(ADDRESS_WINDOW_MS),
        at(KNOWN_ADDRESS_MS),
      ],
    );
    const waits: number[] = [];
    const wait = backoffMs(c!.pair_failures, limits);
    if (wait > 0 && c!.pair_latest) waits.push(c!.pair_latest.getTime() + wait - now.getTime());
    if (!c!.known && c!.account_failures >= limits.accountFailures) {
      waits.push(c!.account_oldest!.getTime() + ACCOUNT_WINDOW_MS - now.getTime());
    }
    if (c!.address_failures >= limits.addressFailures) {
      waits.push(c!.address_oldest!.getTime() + ADDRESS_WINDOW_MS - now.getTime());
    }
    const retryMs = Math.max(0, ...waits);
    if (retryMs > 0) {
      throw new DomainError('too_many_login_attempts', {
        retry_after_seconds: Math.max(1, Math.ceil(retryMs / 1000)),
      });
    }
    const id = newId(now);
    await tx.query(
      'insert into login_attempts (id, email_normalized, ip, succeeded, created_at) values ($1, $2, $3, false, $4)',
      [id, email, address, now],
    );
    return id;
  });
}
