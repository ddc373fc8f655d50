import { constantTimeEqual, hmacSha256Hex } from '../lib/crypto';

/** Hex characters of the HMAC kept in a reply address (80 bits): the local part stays under 64 characters. */
const MAC_CHARS = 20;
const ULID = '[0-9a-hjkmnp-tv-z]{26}';
const REPLY_LOCAL = new RegExp(`^reply\\+(${ULID})\\.([0-9a-f]{${MAC_CHARS}})$`);

const macOf = (key: Buffer, workspaceId: string, conversationId: string) =>
  hmacSha256Hex(key, `reply:${workspaceId}:${conversationId}`).slice(0, MAC_CHARS);

/**
 * The Reply-To of a staff reply mailed to an away visitor: reply+<conversation id>.<mac>@<inbound domain>,
 * the mac an HMAC-SHA256 (instance key, derived for this purpose) over the workspace and the conversation,
 * so a forged or edited address never routes into a conversation. Lower-case only: mail systems may fold
 * the local part's case.
 */
export function replyAddress(
  key: Buffer,
  domain: string,
  workspaceId: string,
  conversationId: string,
): string {
  const id = conversationId.toLowerCase();
  return `reply+${id}.${macOf(key, workspaceId, id)}@${domain.toLowerCase()}`;
}

/** The conversation id a reply address claims (not yet verified), or null when it is not one. */
export function parseReplyAddress(
  address: string,
  domain: string,
): { conversationId: string; mac: string } | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const m = REPLY_LOCAL.exec(address.slice(0, at).toLowerCase());
  return m ? { conversationId: m[1]!, mac: m[2]! } : null;
}

/** Whether the claimed mac is the one for this workspace's conversation (constant time). */
export function replyMacValid(
  key: Buffer,
  workspaceId: string,
  claimed: { conversationId: string; mac: string },
): boolean {
  return constantTimeEqual(macOf(key, workspaceId, claimed.conversationId), claimed.mac);
}
