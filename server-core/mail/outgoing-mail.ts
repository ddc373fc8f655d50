/** A mail as the domain asks for it; the outbox adds the sender (MAIL_FROM) when it is sent. */
export interface OutgoingMail {
  /** The workspace it belongs to; null for instance mail (a password reset). */
  workspaceId: string | null;
  /** What it is, snake_case (password_reset, invitation, conversation_reply…): the dev inbox and logs show it. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe…). Never From, To, Subject, Reply-To or any addressing header. */
  headers?: Record<string, string>;
}

export const MAX_SUBJECT_LENGTH = 998;
export const MAX_BODY_BYTES = 512 * 1024;

const KIND = /^[a-z][a-z0-9_]{0,63}$/;
const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,75}$/;
const RESERVED_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'reply-to',
  'sender',
  'return-path',
  'date',
  'message-id',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
]);
// One address, no display name: local@domain without spaces, line breaks, angle brackets or commas.
const ADDRESS =
  /^[^\s<>,;:"()\\@]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)+$/;

export function isMailAddress(value: string): boolean {
  return value.length <= 254 && ADDRESS.test(value);
}

const hasLineBreak = (value: string) => value.includes('\r') || value.includes('\n') || value.includes('\0');

/**
 * Refuses what a mail must never carry: a line break in any header (header injection), an address list
 * where one address is meant, a header that overrides addressing, a body over the cap. The domain builds
 * every mail itself, so a refusal here is a bug upstream: it fails loudly rather than sending something
 * else.
 */
export function checkOutgoingMail(mail: OutgoingMail): void {
  const problems: string[] = [];
  if (!KIND.test(mail.kind)) problems.push('kind');
  if (!isMailAddress(mail.to)) problems.push('to');
  if (mail.replyTo !== undefined && !isMailAddress(mail.replyTo)) problems.push('reply_to');
  if (mail.subject.length === 0 || mail.subject.length > MAX_SUBJECT_LENGTH || hasLineBreak(mail.subject))
    problems.push('subject');
  const bodyBytes = Buffer.byteLength(mail.text) + (mail.html ? Buffer.byteLength(mail.html) : 0);
  if (bodyBytes > MAX_BODY_BYTES) problems.push('body');
  for (const [name, value] of Object.entries(mail.headers ?? {})) {
    if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()) || hasLineBreak(value))
      problems.push(`headers.${name}`);
  }
  if (problems.length > 0) throw new Error(`unsendable mail (${mail.kind}): ${problems.join(', ')}`);
}
