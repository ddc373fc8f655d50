import { parseAddress, type Range } from './address';

/**
 * Which X-Forwarded-For entries to believe (TRUST_PROXY, docs/running-in-production.md):
 * - none: the socket peer is the client (`off`, the default);
 * - hops: that many proxies in front of us, each appending the address it saw; the client is the entry
 *   `hops` from the right (`1`, or `on` as its alias: one proxy, the right-most entry);
 * - ranges: proxies are the addresses in these ranges; walking from the socket peer leftwards, the first
 *   address outside them is the client (`10.0.0.0/8,192.168.1.7`).
 */
export type TrustProxy =
  | { mode: 'none' }
  | { mode: 'hops'; hops: number }
  | { mode: 'ranges'; ranges: Range[] };

export const MAX_TRUSTED_HOPS = 20;

export const TRUST_PROXY_HELP =
  `TRUST_PROXY must be off, on (one proxy), the number of proxies in front of the server (1..${MAX_TRUSTED_HOPS}), ` +
  'or a comma list of proxy addresses and CIDR ranges';

/** TRUST_PROXY's value, or null when it is none of the forms. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = (value ?? '').trim().toLowerCase();
  if (['', 'off', 'false', 'no', '0'].includes(v)) return { mode: 'none' };
  if (['on', 'true', 'yes'].includes(v)) return { mode: 'hops', hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= MAX_TRUSTED_HOPS ? { mode: 'hops', hops } : null;
  }
  const ranges: Range[] = [];
  for (const part of v.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const [addr, bits, extra] = part.split('/');
    const address = parseAddress(addr!);
    if (!address || extra !== undefined) return null;
    const max = address.kind() === 'ipv4' ? 32 : 128;
    if (bits === undefined) {
      ranges.push([address, max]);
      continue;
    }
    if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
    ranges.push([address, Number(bits)]); // match() compares the prefix bits only
  }
  return ranges.length > 0 ? { mode: 'ranges', ranges } : null;
}
