import { jwtVerify } from 'jose';
import { constantTimeEqual, hmacSha256Hex } from '../lib/crypto';

/**
 * Signed-in help-center readers, as small pure functions. The customer's app proves a reader with a
 * visitor JWT (HS256 pinned, exp required, the workspace's current signing secret only); the help center
 * then keeps the reader signed in with a cookie of its own: `<generation>.<expires>.<mac>`, the MAC an
 * HMAC-SHA256 under a key derived from the current secret for this purpose only (so a visitor JWT is never
 * a cookie and a cookie never a JWT). A rotation changes the key: every cookie and token fails at once.
 */
export const READER_COOKIE = 'hc_reader';
/** How long a reader stays signed in after one sign-in (the JWT only hands over; its exp may be minutes). */
export const READER_SESSION_SECONDS = 12 * 60 * 60;
/** Longer tokens are refused before they are parsed. */
export const MAX_VISITOR_JWT_CHARS = 8 * 1024;

const encoder = new TextEncoder();

/** True only for a JWT signed HS256 with `secret`, carrying an exp that has not passed at `now`. */
export async function verifyVisitorJwt(token: string, secret: string, now: Date): Promise<boolean> {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_VISITOR_JWT_CHARS) return false;
  try {
    await jwtVerify(token, encoder.encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: now,
      clockTolerance: 0,
    });
    return true;
  } catch {
    return false;
  }
}

const cookieKey = (secret: string, workspaceId: string) =>
  hmacSha256Hex(secret, `help-center-reader-cookie:${workspaceId}`);

const macOf = (secret: string, workspaceId: string, body: string) =>
  hmacSha256Hex(cookieKey(secret, workspaceId), body);

/** A reader cookie value for the workspace's current secret, valid READER_SESSION_SECONDS from now. */
export function mintReaderCookie(
  key: { secret: string; generation: number; workspaceId: string },
  now: Date,
): string {
  const body = `${key.generation}.${Math.floor(now.getTime() / 1000) + READER_SESSION_SECONDS}`;
  return `${body}.${macOf(key.secret, key.workspaceId, body)}`;
}

/** True when the cookie was minted under the current secret and generation and has not expired. */
export function readerCookieValid(
  value: string | undefined,
  key: { secret: string; generation: number; workspaceId: string },
  now: Date,
): boolean {
  if (typeof value !== 'string' || value.length > 200) return false;
  const m = /^(\d{1,9})\.(\d{1,12})\.([0-9a-f]{64})$/.exec(value);
  if (!m) return false;
  const [, generation, expires, mac] = m as unknown as [string, string, string, string];
  if (!constantTimeEqual(mac, macOf(key.secret, key.workspaceId, `${generation}.${expires}`))) return false;
  return Number(generation) === key.generation && Number(expires) * 1000 > now.getTime();
}
