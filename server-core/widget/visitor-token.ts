import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeTime } from 'ulid';
import { parseUlid } from '../lib/ulid';

/**
 * Visitor tokens: `wvt_` + the website id (26) + 43 base64url characters (32 bytes). The website id names
 * the tenant, so the lookup is led by workspace_id; the fixed shape lets secret scanners match leaked
 * tokens. The server keeps only the SHA-256 of a stored visitor's token.
 *
 * The 32 bytes are the visitor id (a ULID, 16 bytes) and the first 16 bytes of HMAC-SHA256 under a key
 * derived from SECRET_KEY over the website id and the visitor id: the token proves itself, so a boot can
 * hand out a visitor that is not stored yet (storeVisitor writes it at its first write or its return,
 * visitors.ts). Tokens issued before (32 random bytes, stored at boot) never verify as signed, and are
 * found by their hash as before.
 */
export const VISITOR_TOKEN_PREFIX = 'wvt_';
const SHAPE = /^wvt_([0-9a-hjkmnp-tv-z]{26})([A-Za-z0-9_-]{43})$/;
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
const MAC_BYTES = 16;

function ulidToBytes(id: string): Buffer {
  let n = 0n;
  for (const ch of id) n = n * 32n + BigInt(CROCKFORD.indexOf(ch));
  return Buffer.from(n.toString(16).padStart(32, '0'), 'hex');
}

function bytesToUlid(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  let id = '';
  for (let i = 0; i < 26; i++) {
    id = CROCKFORD[Number(n % 32n)]! + id;
    n /= 32n;
  }
  return id;
}

const mac = (key: Buffer, websiteId: string, idBytes: Buffer) =>
  createHmac('sha256', key).update(`wvt:${websiteId}:`).update(idBytes).digest().subarray(0, MAC_BYTES);

/** A signed token naming this visitor id of this website. */
export function newVisitorToken(key: Buffer, websiteId: string, visitorId: string): string {
  const idBytes = ulidToBytes(visitorId);
  const body = Buffer.concat([idBytes, mac(key, websiteId, idBytes)]).toString('base64url');
  return `${VISITOR_TOKEN_PREFIX}${websiteId}${body}`;
}

/** The website id a well-formed token names, or null. */
export function parseVisitorToken(token: unknown): { websiteId: string } | null {
  if (typeof token !== 'string') return null;
  const m = SHAPE.exec(token);
  const websiteId = m ? parseUlid(m[1]) : null;
  return websiteId ? { websiteId } : null;
}

/** The visitor a signed token names and when it was issued (its id's time), or null when it is not ours. */
export function verifyVisitorToken(
  key: Buffer,
  token: unknown,
): { websiteId: string; visitorId: string; issuedAt: Date } | null {
  const parsed = parseVisitorToken(token);
  if (!parsed) return null;
  const encoded = (token as string).slice(-43);
  const body = Buffer.from(encoded, 'base64url');
  // 43 characters carry 258 bits for 256: the last one's two spare bits must be zero, so one visitor has
  // exactly one token (a variant would verify with another hash than the stored one).
  if (body.length !== 32 || body.toString('base64url') !== encoded) return null;
  const idBytes = body.subarray(0, 16);
  if (!timingSafeEqual(body.subarray(16), mac(key, parsed.websiteId, idBytes))) return null;
  const visitorId = parseUlid(bytesToUlid(idBytes));
  if (!visitorId) return null;
  return { websiteId: parsed.websiteId, visitorId, issuedAt: new Date(decodeTime(visitorId.toUpperCase())) };
}
