import { constantTimeEqual, hmacSha256Hex } from '../lib/crypto';

const ULID = /^[0-9a-hjkmnp-tv-z]{26}$/;

const macOf = (key: Buffer, workspaceId: string, contactId: string) =>
  hmacSha256Hex(key, `unsubscribe:${workspaceId}:${contactId}`).slice(0, 32);

/**
 * The one-click unsubscribe token of a mail to a contact (List-Unsubscribe, RFC 8058):
 * <workspace id>.<contact id>.<mac>, the mac an HMAC-SHA256 (instance key derived for this purpose) over
 * both ids, so a link never unsubscribes anybody but the contact it was sent to.
 */
export function unsubscribeToken(key: Buffer, workspaceId: string, contactId: string): string {
  return `${workspaceId}.${contactId}.${macOf(key, workspaceId, contactId)}`;
}

/** The workspace and contact of a genuine token, else null (a forged or edited one: constant-time check). */
export function readUnsubscribeToken(
  key: Buffer,
  token: string,
): { workspaceId: string; contactId: string } | null {
  const [workspaceId, contactId, mac, ...rest] = token.toLowerCase().split('.');
  if (rest.length > 0 || !workspaceId || !contactId || !mac) return null;
  if (!ULID.test(workspaceId) || !ULID.test(contactId)) return null;
  return constantTimeEqual(macOf(key, workspaceId, contactId), mac) ? { workspaceId, contactId } : null;
}

/** The headers every outbound mail to a contact carries: List-Unsubscribe with one-click POST (RFC 8058). */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
