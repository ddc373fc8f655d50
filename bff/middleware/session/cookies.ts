import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { hmacSha256Hex } from '../../../server-core/lib/crypto';
import { isLoopbackHost } from '../../config';
import type { Services } from '../../services';

/** Secure cookies everywhere but on a loopback PUBLIC_URL (plain http in development). */
export function cookieSecurity(services: Pick<Services, 'config'>): {
  secure: boolean;
  session: string;
  csrf: string;
} {
  const secure = !isLoopbackHost(new URL(services.config.publicUrl).hostname);
  // __Host- binds the cookie to this exact origin; browsers accept it only with Secure.
  return secure
    ? { secure, session: '__Host-session', csrf: '__Host-csrf' }
    : { secure, session: 'session', csrf: 'csrf' };
}

/** The CSRF token of a session: HMAC of the session token under a key derived from SECRET_KEY. */
export function csrfTokenFor(services: Services, sessionToken: string): string {
  return hmacSha256Hex(services.keys.csrf, sessionToken);
}

export function readSessionToken(c: Context, services: Services): string | undefined {
  return getCookie(c, cookieSecurity(services).session);
}

export function setSessionCookies(c: Context, services: Services, token: string, expiresAt: Date): string {
  const names = cookieSecurity(services);
  const csrf = csrfTokenFor(services, token);
  const common = { path: '/', secure: names.secure, sameSite: 'Lax' as const, expires: expiresAt };
  setCookie(c, names.session, token, { ...common, httpOnly: true });
  // Readable by the portal's script so it can send X-CSRF-Token after a reload.
  setCookie(c, names.csrf, csrf, { ...common, httpOnly: false });
  return csrf;
}

export function clearSessionCookies(c: Context, services: Services): void {
  const names = cookieSecurity(services);
  deleteCookie(c, names.session, { path: '/', secure: names.secure });
  deleteCookie(c, names.csrf, { path: '/', secure: names.secure });
}
