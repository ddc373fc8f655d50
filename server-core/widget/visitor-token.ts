import { randomToken } from '../lib/crypto';
import { parseUlid } from '../lib/ulid';

/**
 * Visitor tokens: `wvt_` + the website id (26) + 43 base64url characters (32 random bytes). The
 * website id names the tenant, so the hash lookup is led by workspace_id; the fixed shape lets secret
 * scanners match leaked tokens. The server keeps only the SHA-256.
 */
export const VISITOR_TOKEN_PREFIX = 'wvt_';
const SHAPE = /^wvt_([0-9a-hjkmnp-tv-z]{26})([A-Za-z0-9_-]{43})$/;

export function newVisitorToken(websiteId: string): string {
  return `${VISITOR_TOKEN_PREFIX}${websiteId}${randomToken(32)}`;
}

/** The website id a well-formed token names, or null. */
export function parseVisitorToken(token: unknown): { websiteId: string } | null {
  if (typeof token !== 'string') return null;
  const m = SHAPE.exec(token);
  const websiteId = m ? parseUlid(m[1]) : null;
  return websiteId ? { websiteId } : null;
}
