import { createHmac } from 'node:crypto';
import { MINUTE } from '../lib/clock';
import { constantTimeEqual } from '../lib/crypto';

/** How long a signed export download link works (spec section 8). */
export const EXPORT_LINK_TTL_MS = 15 * MINUTE;

export interface SignedExportLink {
  /** Unix seconds. */
  expires: number;
  /** base64url HMAC-SHA256, 43 characters. */
  signature: string;
}

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const EXPIRES = /^[1-9][0-9]{0,11}$/;
const ID = /^[0-9a-z]{26}$/;

function mac(key: Buffer, workspaceId: string, exportId: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`data-export-download:v1:${workspaceId}:${exportId}:${expires}`)
    .digest('base64url');
}

/**
 * Signs the download link of one ready export, valid EXPORT_LINK_TTL_MS from `now`, bound to its
 * workspace. The key is derived for this purpose only (Services.keys.dataExportDownload). The link is not
 * enough alone: the download also needs a settings.manage session of the workspace.
 */
export function signExportLink(
  key: Buffer,
  workspaceId: string,
  exportId: string,
  now: Date,
): SignedExportLink {
  if (!ID.test(exportId) || !ID.test(workspaceId)) throw new Error('signExportLink: not an id');
  const expires = Math.ceil((now.getTime() + EXPORT_LINK_TTL_MS) / 1000);
  return { expires, signature: mac(key, workspaceId, exportId, expires) };
}

export type ExportLinkCheck = 'valid' | 'malformed' | 'bad_signature' | 'expired';

/**
 * Checks a presented link: ids, the expiry (whole seconds, not past, never further ahead than a link this
 * service issues) and the signature (constant-time compare, before the expiry is judged).
 */
export function verifyExportLink(
  key: Buffer,
  input: { workspaceId: unknown; exportId: unknown; expires: unknown; signature: unknown },
  now: Date,
): ExportLinkCheck {
  const { workspaceId, exportId, expires, signature } = input;
  if (typeof workspaceId !== 'string' || !ID.test(workspaceId)) return 'malformed';
  if (typeof exportId !== 'string' || !ID.test(exportId)) return 'malformed';
  if (typeof expires !== 'string' || !EXPIRES.test(expires)) return 'malformed';
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return 'malformed';
  const at = Number(expires);
  if (!constantTimeEqual(mac(key, workspaceId, exportId, at), signature)) return 'bad_signature';
  const nowSeconds = now.getTime() / 1000;
  if (at <= nowSeconds) return 'expired';
  if (at > Math.ceil(nowSeconds + EXPORT_LINK_TTL_MS / 1000)) return 'expired';
  return 'valid';
}
