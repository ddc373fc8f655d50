import { errors, jwtVerify } from 'jose';
import { constantTimeEqual, hmacSha256Hex } from '../lib/crypto';

/**
 * Widget identity proofs (spec widget.md sections 2, 5, 7 and 8), as small pure functions. The caller
 * pins nothing: the algorithm is pinned here (HS256), exp is required and at most 24 hours ahead, the
 * token's lower-case email must equal the one passed to user.set, and a token over 64 KB is refused
 * before it is parsed. Every signature-level failure is one code (detail would be an oracle); claim
 * failures of an authentic token get their own codes, which only help the customer's developer.
 */
export const MAX_TOKEN_BYTES = 64 * 1024;
export const MAX_EXP_AHEAD_SECONDS = 24 * 3600;
/** Clocks drift: an exp up to this far past the 24-hour ceiling is still accepted. */
export const EXP_SKEW_SECONDS = 60;

export type ProofFailure =
  | 'token_too_large'
  | 'token_invalid'
  | 'token_expired'
  | 'token_exp_missing'
  | 'token_exp_too_far'
  | 'token_email_mismatch'
  | 'hmac_invalid';

export interface TokenClaims {
  email: string;
  name: string | null;
  /** Unvalidated: the caller applies the attribute rules (invalid_token_attributes). */
  attributes: unknown;
}

export type TokenResult = { ok: true; claims: TokenClaims } | { ok: false; failure: ProofFailure };

/** The email form the proofs are computed over: trimmed and lower-cased. */
export function proofEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The hmac a customer's backend computes: lower-case hex HMAC-SHA256 of the lower-cased email. */
export function identityHmac(secret: string, email: string): string {
  return hmacSha256Hex(secret, proofEmail(email));
}

/** Constant-time check of an hmac; hex case is not significant. */
export function verifyIdentityHmac(secret: string, email: string, hmac: unknown): boolean {
  if (typeof hmac !== 'string' || hmac.length !== 64) return false;
  return constantTimeEqual(identityHmac(secret, email), hmac.toLowerCase());
}

export function tokenTooLarge(token: string): boolean {
  return Buffer.byteLength(token, 'utf8') > MAX_TOKEN_BYTES;
}

/** Verifies a signed identity token against the secret, for the email passed to user.set, at `now`. */
export async function verifyIdentityToken(
  secret: string,
  token: unknown,
  email: string,
  now: Date,
): Promise<TokenResult> {
  if (typeof token !== 'string') return { ok: false, failure: 'token_invalid' };
  if (tokenTooLarge(token)) return { ok: false, failure: 'token_too_large' };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: now,
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, failure: 'token_expired' };
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'exp') {
      return { ok: false, failure: err.reason === 'missing' ? 'token_exp_missing' : 'token_invalid' };
    }
    return { ok: false, failure: 'token_invalid' };
  }
  const exp = payload.exp;
  if (typeof exp !== 'number') return { ok: false, failure: 'token_exp_missing' };
  if (exp > now.getTime() / 1000 + MAX_EXP_AHEAD_SECONDS + EXP_SKEW_SECONDS) {
    return { ok: false, failure: 'token_exp_too_far' };
  }
  const claimed = payload.email;
  if (typeof claimed !== 'string' || claimed !== claimed.toLowerCase() || claimed !== proofEmail(email)) {
    return { ok: false, failure: 'token_email_mismatch' };
  }
  const name = typeof payload.name === 'string' && payload.name.trim() !== '' ? payload.name.trim() : null;
  return { ok: true, claims: { email: claimed, name, attributes: payload.attributes } };
}
