import { createHash } from 'node:crypto';
import { constantTimeEqual } from '../lib/crypto';

/**
 * PKCE (RFC 7636), S256 only: there is no `plain` method. A verifier is 43 to 128 characters of the
 * unreserved set; an S256 challenge is the base64url SHA-256 of one, always 43 characters.
 */
export const PKCE_METHOD = 'S256';
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isPkceVerifier(value: unknown): value is string {
  return typeof value === 'string' && VERIFIER.test(value);
}

/** A well-formed S256 challenge with the method named exactly `S256` (plain, missing or other: false). */
export function isS256Challenge(method: unknown, challenge: unknown): challenge is string {
  return method === PKCE_METHOD && typeof challenge === 'string' && S256_CHALLENGE.test(challenge);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** The verifier answers the stored challenge: well-formed, and its S256 equal in constant time. */
export function verifyPkce(verifier: unknown, challenge: string): boolean {
  if (!isPkceVerifier(verifier)) return false;
  return constantTimeEqual(s256(verifier), challenge);
}
