import { X509Certificate } from 'node:crypto';

export interface IdpCertificate {
  /** The certificate re-encoded as one canonical PEM block. */
  pem: string;
  /** SHA-256 of the DER, colon-separated upper-case hex (as the IdP consoles show it). */
  fingerprintSha256: string;
  notAfter: Date;
}

export type CertificateRefusal = 'not_pem' | 'several_certificates' | 'not_rsa' | 'key_too_small' | 'expired';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g;
export const MAX_CERTIFICATE_PEM_LENGTH = 16 * 1024;
/** RSA keys below this size are refused (xml-crypto verifies RSA signatures; 2048 is the floor today). */
const MIN_RSA_BITS = 2048;

/**
 * Validates the identity provider's signing certificate as pasted into the settings: exactly one PEM
 * certificate, an RSA key of at least 2048 bits, not expired now. Only this certificate ever verifies a
 * response of the workspace; a certificate inside a message is never used.
 */
export function parseIdpCertificate(
  input: string,
  now: Date,
): { ok: true; cert: IdpCertificate } | { ok: false; reason: CertificateRefusal } {
  if (input.length > MAX_CERTIFICATE_PEM_LENGTH) return { ok: false, reason: 'not_pem' };
  const blocks = input.match(PEM_BLOCK) ?? [];
  if (blocks.length === 0) return { ok: false, reason: 'not_pem' };
  if (blocks.length > 1) return { ok: false, reason: 'several_certificates' };
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(blocks[0]!);
  } catch {
    return { ok: false, reason: 'not_pem' };
  }
  const key = x509.publicKey;
  if (key.asymmetricKeyType !== 'rsa') return { ok: false, reason: 'not_rsa' };
  if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS)
    return { ok: false, reason: 'key_too_small' };
  const notAfter = new Date(x509.validTo);
  if (!(notAfter.getTime() > now.getTime())) return { ok: false, reason: 'expired' };
  return { ok: true, cert: { pem: x509.toString(), fingerprintSha256: x509.fingerprint256, notAfter } };
}
