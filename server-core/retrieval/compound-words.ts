/** A hyphenated word with at least one letter: Wi-Fi, e-mail, two-factor, COVID-19. */
const COMPOUND = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const HAS_LETTER = /\p{L}/u;

/** The hyphenated words of `text` written as one word: `Wi-Fi` -> `WiFi`, `e-mail` -> `email`. */
export function joinedCompounds(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(COMPOUND)) {
    if (HAS_LETTER.test(m[0])) out.push(m[0].replaceAll('-', ''));
  }
  return out;
}

/**
 * Text as the index reads it: the text, then its hyphenated words joined, so that a chunk saying
 * `Wi-Fi` is found by `wifi` (the parser splits `Wi-Fi` into `wi-fi`, `wi` and `fi`, never `wifi`).
 */
export function withJoinedCompounds(text: string): string {
  const joined = joinedCompounds(text);
  return joined.length ? `${text}\n${joined.join(' ')}` : text;
}

/**
 * A query as the index matches it: each hyphenated word replaced by its joined form, so `e-mail`
 * and `email` ask for the same word (and `e-mail` does not count as three words to cover).
 */
export function queryWithJoinedCompounds(query: string): string {
  return query.replace(COMPOUND, (w) => (HAS_LETTER.test(w) ? w.replaceAll('-', '') : w));
}
