import { randomBytes } from 'node:crypto';
import { hmacSha256Hex } from '../lib/crypto';

/**
 * Signing secrets and signatures. A secret is `whsec_` + 32 random bytes in base64url (256 bits);
 * receivers use the whole string, prefix included, as the HMAC key. The prefix lets secret scanners
 * recognise a leaked one.
 */
export const SIGNING_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;

export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The secret box context of an endpoint's secret: a sealed value copied to another row does not open. */
export function signingSecretContext(workspaceId: string, endpointId: string): string {
  return `webhook_endpoint_secret:${workspaceId}:${endpointId}`;
}

/**
 * `Service-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`, one `v1` per secret:
 * the current one first, then, during a rotation's overlap window, the one it replaced (the Stripe
 * convention). A receiver accepts the request when any v1 matches a secret it holds.
 */
export function signatureHeader(secrets: string | readonly string[], body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${t}`, ...list.map((secret) => `v1=${hmacSha256Hex(secret, `${t}.${body}`)}`)].join(',');
}
