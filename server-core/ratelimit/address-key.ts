import ipaddr from 'ipaddr.js';

/**
 * The key a throttle counts a client address under: an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's network: a client there picks any of 2^64 addresses at will, so counting single
 * IPv6 addresses would let it walk past every per-address limit). Anything else (`unknown`) as it is.
 */
export function addressKey(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  const parts = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
