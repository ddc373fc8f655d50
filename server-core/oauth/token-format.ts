import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../lib/crypto';
import { parseUlid } from '../lib/ulid';

/**
 * The OAuth credentials' plaintext forms. Each starts with a fixed prefix (secret scanners, and the
 * public API tells an access token from an API key by it), then the owning workspace's ULID (routes the
 * lookup, as API keys do), then 256 random bits in base64url. The client id names the app's workspace
 * and the app; it is public.
 */
export const PREFIX = {
  clientId: 'oac_',
  clientSecret: 'oas_',
  code: 'ocd_',
  access: 'oat_',
  refresh: 'ort_',
} as const;
export type CredentialKind = keyof typeof PREFIX;

const ULID = '[0-9a-hjkmnp-tv-z]{26}';
const SECRET = '[A-Za-z0-9_-]{43}';
const PATTERNS: Record<CredentialKind, RegExp> = {
  clientId: new RegExp(`^oac_(${ULID})(${ULID})$`),
  clientSecret: new RegExp(`^oas_(${ULID})${SECRET}$`),
  code: new RegExp(`^ocd_(${ULID})${SECRET}$`),
  access: new RegExp(`^oat_(${ULID})${SECRET}$`),
  refresh: new RegExp(`^ort_(${ULID})${SECRET}$`),
};

const secret = () => randomBytes(32).toString('base64url');

export function clientIdOf(appWorkspaceId: string, appId: string): string {
  return `${PREFIX.clientId}${appWorkspaceId}${appId}`.toLowerCase();
}

export function parseClientId(value: unknown): { workspaceId: string; appId: string } | null {
  if (typeof value !== 'string') return null;
  const m = PATTERNS.clientId.exec(value);
  const workspaceId = m ? parseUlid(m[1]) : null;
  const appId = m ? parseUlid(m[2]) : null;
  return workspaceId && appId ? { workspaceId, appId } : null;
}

/** A new secret credential naming its workspace: the plaintext (shown once) and the hash kept. */
export function mintCredential(kind: Exclude<CredentialKind, 'clientId'>, workspaceId: string) {
  const plaintext = `${PREFIX[kind]}${workspaceId.toLowerCase()}${secret()}`;
  return { plaintext, hash: hashCredential(plaintext) };
}

/** The workspace a well-formed credential of this kind names, or null. */
export function parseCredential(kind: Exclude<CredentialKind, 'clientId'>, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = PATTERNS[kind].exec(value);
  return m ? parseUlid(m[1]) : null;
}

/** Stored form of every OAuth secret: SHA-256 hex (256-bit random inputs need no slow hash). */
export function hashCredential(plaintext: string): string {
  return sha256Hex(plaintext);
}

export function looksLikeAccessToken(value: string): boolean {
  return value.startsWith(PREFIX.access);
}
