import ipaddr from 'ipaddr.js';

export type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * One address as a proxy or the socket reports it, or null when it is not one: plain IPv4 (four decimal
 * parts only) or IPv6, optionally with a port (`1.2.3.4:5678`, `[2001:db8::1]:443`, as Azure and some
 * balancers append). IPv4-mapped IPv6 (`::ffff:1.2.3.4`, a dual-stack socket) becomes IPv4 and an IPv6
 * zone is dropped, so one client has one spelling.
 */
export function parseAddress(raw: string): Address | null {
  let s = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(s);
  if (bracketed) s = bracketed[1]!;
  else if (/^[\d.]+:\d{1,5}$/.test(s)) s = s.slice(0, s.lastIndexOf(':'));
  if (!ipaddr.IPv4.isValidFourPartDecimal(s) && !ipaddr.IPv6.isValid(s)) return null;
  const address = ipaddr.process(s);
  if (address.kind() === 'ipv6') (address as ipaddr.IPv6).zoneId = undefined;
  return address;
}

/** The canonical text of an address (IPv6 compressed, lower-case). */
export const formatAddress = (address: Address): string => address.toString();

export type Range = [Address, number];

export function inRanges(address: Address, ranges: readonly Range[]): boolean {
  return ranges.some(([base, bits]) => base.kind() === address.kind() && address.match(base, bits));
}
