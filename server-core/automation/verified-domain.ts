import { randomToken, sha256Hex } from '../lib/crypto';

/** A domain of the workspace's automation allowlist (the wire record of the contract). */
export interface VerifiedDomain {
  id: string;
  domain: string;
  status: 'pending' | 'verified';
  verified_at: Date | null;
  created_at: Date;
}

export const DOMAIN_COLUMNS = 'id, domain, status, verified_at, created_at';

/** A new verification token (shown once) and the SHA-256 kept of it. */
export function newVerificationToken(): { token: string; hash: string } {
  const token = `wdv_${randomToken(24)}`;
  return { token, hash: sha256Hex(token) };
}
