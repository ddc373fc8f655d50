import { createHash, timingSafeEqual } from 'node:crypto';

const TOKEN = /^[\x21-\x7e]{1,512}$/;

/** The key of `Authorization: Bearer <key>` (scheme case-insensitive); null when absent or malformed. */
export function bearerToken(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match && TOKEN.test(match[1]!) ? match[1]! : null;
}

/** What a session remembers of its key: the SHA-256, never the key. */
export function keyDigest(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** Whether a request's key is the one its session was opened with (constant-time over the digests). */
export function sameKey(digest: Buffer, key: string): boolean {
  return timingSafeEqual(digest, keyDigest(key));
}
