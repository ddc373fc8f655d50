/**
 * Redirect URIs of an OAuth app. Registration takes absolute https URIs, or http on a loopback host
 * (RFC 8252 section 7.3), without userinfo or fragment; an authorization request must name one of them
 * exactly (string equality, no normalisation, no prefix or wildcard match).
 */
export const MAX_REDIRECT_URI_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export type RedirectUriProblem =
  | 'not_absolute'
  | 'scheme'
  | 'userinfo'
  | 'fragment'
  | 'too_long'
  | 'not_canonical';

/** Why a URI may not be registered, or null when it may. */
export function redirectUriProblem(value: string): RedirectUriProblem | null {
  if (value.length > MAX_REDIRECT_URI_LENGTH) return 'too_long';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'not_absolute';
  }
  if (url.username || url.password) return 'userinfo';
  if (value.includes('#')) return 'fragment';
  if (url.protocol === 'http:') {
    if (!LOOPBACK_HOSTS.has(url.hostname)) return 'scheme';
  } else if (url.protocol !== 'https:') return 'scheme';
  // What is stored is what must be sent back byte for byte: refuse a form the parser would rewrite.
  if (url.href !== value && `${url.origin}${url.pathname}${url.search}` !== value) return 'not_canonical';
  return null;
}

/** The request's redirect_uri equals a registered one exactly. */
export function isRegisteredRedirectUri(registered: readonly string[], given: unknown): given is string {
  if (typeof given !== 'string') return false;
  let found = false;
  for (const uri of registered) if (uri === given) found = true;
  return found;
}
