import { randomBytes } from 'node:crypto';
import { parseUlid } from '../lib/ulid';

/**
 * Plaintext API keys: `spk_` + the workspace ULID (26) + 40 base62 characters of secret
 * (~238 bits). The fixed prefix and shape let secret scanners find leaked keys
 * (/\bspk_[0-9a-hjkmnp-tv-z]{26}[0-9A-Za-z]{40}\b/); the workspace id routes the lookup.
 */
export const API_KEY_PREFIX = 'spk_';
const SECRET_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const API_KEY_PATTERN = /^spk_[0-9a-hjkmnp-tv-z]{26}[0-9A-Za-z]{40}$/;

function base62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

export function generateApiKey(workspaceId: string): { plaintext: string; prefix: string } {
  const plaintext = `${API_KEY_PREFIX}${workspaceId}${base62(SECRET_LENGTH)}`;
  // What a human sees in the list: enough of the secret part to tell keys apart, never enough to use.
  return { plaintext, prefix: plaintext.slice(0, API_KEY_PREFIX.length + 26 + 6) };
}

/** The workspace a well-formed key names, or null for anything else. */
export function parseApiKey(value: string): { workspaceId: string } | null {
  if (!API_KEY_PATTERN.test(value)) return null;
  const workspaceId = parseUlid(value.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + 26));
  return workspaceId ? { workspaceId } : null;
}
