import { domainToASCII } from 'node:url';
import ipaddr from 'ipaddr.js';

/**
 * Host names as verified domains compare them: lower-case ASCII (IDNA, so `münchen.de` is
 * `xn--mnchen-3ya.de`), no trailing dot, letters, digits and inner hyphens per label, 253 characters at
 * most, and never a numeric last label (which the URL parser would read as an IPv4 address). Anything
 * else (a port, user info, a path, a percent escape, an empty label) is not a host name: null.
 */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function canonicalDomainName(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 255) return null;
  // Characters that make a URL part rather than a name: ports, user info, paths, queries, escapes, brackets.
  if (/[\s/\\@:?#%[\]*]/.test(raw)) return null;
  const ascii = domainToASCII(raw.toLowerCase());
  if (!ascii) return null;
  const name = ascii.endsWith('.') ? ascii.slice(0, -1) : ascii;
  if (name.length === 0 || name.length > 253) return null;
  const labels = name.split('.');
  if (!labels.every((l) => LABEL.test(l))) return null;
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null;
  return name;
}

/** An IP address literal in canonical form (`127.0.0.1`, `[::1]`), or null. */
export function canonicalAddress(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 64) return null;
  if (raw.startsWith('[') && raw.endsWith(']')) {
    const inner = raw.slice(1, -1);
    return ipaddr.IPv6.isValid(inner) && !inner.includes('%') ? `[${ipaddr.parse(inner).toString()}]` : null;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(raw) ? ipaddr.parse(raw).toString() : null;
}

/** A page URL's host (URL.hostname) as domains compare it: a canonical name or address, else null. */
export function canonicalHost(raw: unknown): string | null {
  return canonicalAddress(raw) ?? canonicalDomainName(raw);
}
