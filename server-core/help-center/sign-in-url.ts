import type { SignInUrlRefusal } from '../lib/errors/catalog';
import { normaliseHost } from './help-center-hosts';

/** Why a sign-in URL is refused (the details of sign_in_url_invalid). */
export type { SignInUrlRefusal };

export const MAX_SIGN_IN_URL_LENGTH = 2048;

/** localhost, *.localhost, 127.0.0.0/8 and [::1]: a developer's own machine. */
export function isLoopbackName(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(h) || h === '[::1]';
}

const bareHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, '');

/** The port a URL reaches, its scheme's default when none is written. */
const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * True when `url` reaches one of the service's own origins: the same host name, and on a loopback host
 * (where a developer runs several servers under one name) the same port too.
 */
export function isServiceOrigin(url: URL, serviceOrigins: readonly URL[]): boolean {
  return serviceOrigins.some(
    (o) =>
      bareHost(o.hostname) === bareHost(url.hostname) &&
      (!isLoopbackName(o.hostname) || portOf(o) === portOf(url)),
  );
}

/**
 * spec service-api.md section 4.3: an https URL of the customer's own (http only for a loopback host on a
 * development server), with no return_to of its own, never a service host. `serviceOrigins`: the service's
 * public URL and widget CDN (help-center hosts are looked up by the caller: they live in the database).
 */
export function checkSignInUrl(
  input: string,
  opts: { development: boolean; serviceOrigins: readonly URL[] },
): { ok: true; url: string } | { ok: false; reason: SignInUrlRefusal } {
  if (input.length === 0 || input.length > MAX_SIGN_IN_URL_LENGTH) return { ok: false, reason: 'not_url' };
  // Spaces, control characters and backslashes are read differently by different parsers.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(input)) return { ok: false, reason: 'not_url' };
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, reason: 'not_url' };
  }
  if (!/^https?:\/\/[^/]/i.test(input)) {
    return {
      ok: false,
      reason: url.protocol === 'https:' || url.protocol === 'http:' ? 'not_url' : 'scheme_not_allowed',
    };
  }
  if (url.username !== '' || url.password !== '' || /^https?:\/\/[^/?#]*@/i.test(input))
    return { ok: false, reason: 'userinfo_not_allowed' };
  if (input.includes('#')) return { ok: false, reason: 'fragment_not_allowed' };
  if ([...url.searchParams.keys()].some((k) => k.toLowerCase() === 'return_to'))
    return { ok: false, reason: 'return_to_not_allowed' };
  const loopback = isLoopbackName(url.hostname);
  if (loopback && !opts.development) return { ok: false, reason: 'loopback_not_allowed' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    return { ok: false, reason: 'scheme_not_allowed' };
  if (!url.hostname.startsWith('[') && !normaliseHost(url.hostname)) return { ok: false, reason: 'not_url' };
  if (isServiceOrigin(url, opts.serviceOrigins)) return { ok: false, reason: 'service_host' };
  return { ok: true, url: url.href };
}
