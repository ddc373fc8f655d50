/**
 * The spam hold's rules (docs/decisions/conversations.md, Quarantine): pure, so they are tested with
 * hostile input and read in one place.
 *
 * - `links`: the first message of an anonymous visitor's conversation carries 3 or more links;
 * - `burst`: a visitor (anonymous or verified) starts more than 3 conversations within one minute (the
 *   fourth, and every further one in that minute, is held).
 */
export type QuarantineRule = 'links' | 'burst';

export const QUARANTINE_MIN_LINKS = 3;
export const QUARANTINE_BURST_LIMIT = 3;
export const QUARANTINE_BURST_WINDOW_MS = 60_000;

/** A URL scheme, a www. host, or a bare domain with a path: what a link-spammer writes. Bounded, linear. */
const LINK =
  /\b(?:https?:\/\/|ftp:\/\/|www\.)|\b[a-z0-9-]{1,63}\.(?:com|net|org|io|ru|xyz|top|info|biz|co)\/\S/gi;

/** How many links a text holds (counted up to `cap`, so a huge body costs no more than needed). */
export function countLinks(text: string, cap = 100): number {
  let n = 0;
  LINK.lastIndex = 0;
  while (n < cap && LINK.exec(text) !== null) n++;
  LINK.lastIndex = 0;
  return n;
}

/** The rule a new conversation breaks, or null: `startsInWindow` counts the visitor's earlier starts. */
export function quarantineRule(input: {
  anonymous: boolean;
  firstMessage: string;
  startsInWindow: number;
}): QuarantineRule | null {
  if (input.startsInWindow >= QUARANTINE_BURST_LIMIT) return 'burst';
  if (input.anonymous && countLinks(input.firstMessage, QUARANTINE_MIN_LINKS) >= QUARANTINE_MIN_LINKS)
    return 'links';
  return null;
}
