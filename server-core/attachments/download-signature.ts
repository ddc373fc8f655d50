import { createHmac } from 'node:crypto';
import { MINUTE } from '../lib/clock';
import { constantTimeEqual } from '../lib/crypto';

/** How long a signed download link works. */
export const DOWNLOAD_LINK_TTL_MS = 15 * MINUTE;

export interface SignedDownload {
  /** Unix seconds. */
  expires: number;
  /** base64url HMAC-SHA256, 43 characters. */
  signature: string;
}

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9][0-9]{0,11}$/;
const ID = /^[0-9a-z]{26}$/;

function mac(key: Buffer, attachmentId: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`attachment-download:v1:${attachmentId}:${expires}`)
    .digest('base64url');
}

/**
 * Signs the widget's link to one attachment, valid for DOWNLOAD_LINK_TTL_MS from `now`. The key is derived
 * for this purpose only (Services.keys.attachmentDownload); staff downloads use the session instead.
 */
export function signDownload(key: Buffer, attachmentId: string, now: Date): SignedDownload {
  if (!ID.test(attachmentId)) throw new Error('signDownload: not an attachment id');
  const expires = Math.ceil((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
  return { expires, signature: mac(key, attachmentId, expires) };
}

export type DownloadCheck = 'valid' | 'malformed' | 'bad_signature' | 'expired';

/**
 * Checks a presented link before anything is looked up: the id, the expiry (whole seconds, not past, and
 * never further ahead than a link this service issues) and the signature (constant-time compare). The
 * signature is compared before the expiry is judged, so an expired link and a forged one differ only for
 * the holder of a real link.
 */
export function verifyDownload(
  key: Buffer,
  input: { attachmentId: unknown; expires: unknown; signature: unknown },
  now: Date,
): DownloadCheck {
  const { attachmentId, expires, signature } = input;
  if (typeof attachmentId !== 'string' || !ID.test(attachmentId)) return 'malformed';
  if (typeof expires !== 'string' || !EXPIRES.test(expires)) return 'malformed';
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return 'malformed';
  const at = Number(expires);
  if (!constantTimeEqual(mac(key, attachmentId, at), signature)) return 'bad_signature';
  const nowSeconds = now.getTime() / 1000;
  if (at <= nowSeconds) return 'expired';
  if (at > Math.ceil(nowSeconds + DOWNLOAD_LINK_TTL_MS / 1000)) return 'expired';
  return 'valid';
}
