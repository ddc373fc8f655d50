import { canonicalHost } from './domain-name';

/**
 * Whether a verified domain covers a page's host: the domain itself and its subdomains (`example.com`
 * covers `app.example.com`), compared label by label after canonicalising both (case, trailing dot,
 * IDNA), so a sibling (`badexample.com`) or a suffix trick (`example.com.evil.io`) never matches. An
 * address (`127.0.0.1`, only an operator adds one) covers exactly itself. Anything that is not a bare host
 * (a port, user info, a path) covers and is covered by nothing.
 */
export function domainCovers(domain: string, host: string): boolean {
  const d = canonicalHost(domain);
  const h = canonicalHost(host);
  if (!d || !h) return false;
  if (h === d) return true;
  const isAddress = (v: string) => v.startsWith('[') || /^[0-9.]+$/.test(v);
  if (isAddress(d) || isAddress(h)) return false;
  return h.endsWith(`.${d}`);
}
