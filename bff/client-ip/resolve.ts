import { type Address, formatAddress, inRanges, parseAddress } from './address';
import type { TrustProxy } from './trust-proxy';

/** More entries than this are never read: no chain of real proxies is that long. */
const MAX_ENTRIES_READ = 32;

/**
 * The client's address from the socket peer and X-Forwarded-For under the trust setting. Proxies append
 * the address they saw to the right, so only the right end can be believed: the walk starts at the socket
 * peer and steps left while the current hop is trusted (by count or by range). Whatever the client wrote
 * itself sits further left and is never reached. An entry that is not an address ends the walk (nothing
 * left of it is believed) and the last address reached is the answer. 'unknown' when there is no peer
 * (an in-process request) and nothing trusted to read.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): string {
  let current: Address | null = peer ? parseAddress(peer) : null;
  if (trust.mode === 'none' || !forwardedFor) return current ? formatAddress(current) : 'unknown';
  const entries = forwardedFor.split(',').slice(-MAX_ENTRIES_READ);
  for (let stepped = 0; ; stepped++) {
    const trusted =
      trust.mode === 'hops' ? stepped < trust.hops : current !== null && inRanges(current, trust.ranges);
    if (!trusted) break;
    const next = entries.pop();
    const parsed = next === undefined ? null : parseAddress(next);
    if (!parsed) break;
    current = parsed;
  }
  return current ? formatAddress(current) : 'unknown';
}
