/**
 * The sensitive-page rail of automation (spec widget.md section 5): automation never acts on a payment,
 * sign-in or credential page. Decided on the server from the page URL and from facts the widget reports
 * as booleans. A pure function; docs/decisions/automation.md records the choices:
 *
 * - the path and the hash (a hash route such as `#/checkout`, or any fragment, up to its own `?`) are
 *   percent-decoded (repeatedly, so `%2563heckout` is `checkout`; tolerantly, so a malformed escape next to
 *   a valid one hides nothing), lower-cased and split into words at
 *   every character that is not a letter or digit; a page is sensitive when one word is in WORDS or a run of
 *   words is one of PHRASES. Whole words only: `/paypal-integration-guide` and `/cardigans` are not
 *   sensitive, `/pay`, `/Checkout`, `/account/security` and `#/sign-in` are;
 * - the query string is ignored (return URLs such as `?next=/login` are everywhere and name no page);
 * - escapes still decoding after 5 rounds (`%252525...`) make the page sensitive: what cannot be read is
 *   refused.
 */

export interface PageFacts {
  password_field: boolean;
  card_number_field: boolean;
}

export type SensitiveReason = 'url' | 'password_field' | 'card_number_field';

export const SENSITIVE_WORDS: ReadonlySet<string> = new Set([
  'checkout',
  'payment',
  'payments',
  'pay',
  'billing',
  'card',
  'cards',
  'creditcard',
  'cvv',
  'login',
  'logon',
  'signin',
  'password',
  'passwords',
  'passwd',
  'passcode',
  '2fa',
  'mfa',
  'otp',
  'totp',
]);

export const SENSITIVE_PHRASES: readonly (readonly string[])[] = [
  ['sign', 'in'],
  ['log', 'in'],
  ['reset', 'password'],
  ['account', 'security'],
  ['two', 'factor'],
  ['credit', 'card'],
];

/**
 * One round of tolerant percent-decoding: each run of escapes is decoded as UTF-8 when it is valid, and
 * otherwise byte by byte where a byte is ASCII (an invalid sequence can hide no ASCII word, and a valid
 * escape next to it can never be kept encoded).
 */
function decodeRound(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    }
  });
}

/** Decodes until nothing changes; null when escapes still decode after 5 rounds (refused, never guessed). */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let i = 0; i < 5; i++) {
    const next = decodeRound(current);
    if (next === current) return current;
    current = next;
  }
  return decodeRound(current) === current ? current : null;
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

function namesSensitive(words: readonly string[]): boolean {
  if (words.some((w) => SENSITIVE_WORDS.has(w))) return true;
  return SENSITIVE_PHRASES.some((phrase) => words.some((_, i) => phrase.every((p, j) => words[i + j] === p)));
}

/** The part of a URL the rail reads: path and fragment (without the fragment's own query). */
function routeText(url: URL): string[] {
  const hash = url.hash.replace(/^#!?/, '');
  return [url.pathname, hash.split('?', 1)[0] ?? ''];
}

/** Why the page is sensitive, or null when automation may run on it. `url` must be a parsed absolute URL. */
export function sensitivePageReason(url: URL, facts: PageFacts): SensitiveReason | null {
  if (facts.password_field) return 'password_field';
  if (facts.card_number_field) return 'card_number_field';
  for (const part of routeText(url)) {
    const decoded = fullyDecoded(part);
    if (decoded === null || namesSensitive(wordsOf(decoded))) return 'url';
  }
  return null;
}

/** True when automation must not act on this page (see sensitivePageReason). */
export function isSensitivePage(url: URL, facts: PageFacts): boolean {
  return sensitivePageReason(url, facts) !== null;
}
