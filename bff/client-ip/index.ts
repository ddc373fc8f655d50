import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { resolveClientAddress } from './resolve';
import type { TrustProxy } from './trust-proxy';

export type { TrustProxy } from './trust-proxy';

/**
 * The caller's address, the one every throttle, session and audit row uses: the socket peer, or the
 * X-Forwarded-For entry the TRUST_PROXY setting believes (resolve.ts).
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined; // no socket: a request made in process (tests)
  }
  return resolveClientAddress(peer, c.req.header('X-Forwarded-For'), trust);
}
