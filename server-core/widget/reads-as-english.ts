/**
 * Words that make up a large share of any English prose and are not everyday words of the other languages
 * a help center is commonly written in (so no `a`, `an`, `do`, `was`, `of`, `as`: French, Spanish,
 * German, Dutch and Portuguese use those).
 */
const ENGLISH_FUNCTION_WORDS = new Set([
  'the',
  'and',
  'to',
  'you',
  'your',
  'for',
  'with',
  'this',
  'that',
  'it',
  'from',
  'be',
  'can',
  'are',
  'have',
  'has',
  'not',
  'or',
  'if',
  'when',
  'what',
  'how',
  'which',
  'our',
  'by',
  'at',
  'is',
  'on',
  'will',
  'then',
  'there',
  'they',
  'their',
  'any',
  'all',
  'does',
  'were',
  'been',
  'into',
  'about',
  'after',
  'before',
  'only',
  'each',
  'more',
  'than',
  'them',
  'these',
  'those',
  'would',
  'should',
]);

/**
 * Share of English function words at and above which a text reads as English. The test help center's
 * English articles hold 19-41% (title and body, one article at a time); the French, Spanish, German,
 * Dutch and Portuguese samples of the tests 0-5%, the overlap being words such as `on` (French), `is`
 * (Dutch) and `will` (German).
 */
export const ENGLISH_SHARE = 0.12;

/** Fewer words than this say nothing either way. */
export const MIN_WORDS = 8;

const WORD = /[\p{L}']+/gu;

/**
 * Whether `text` is English prose, by its share of English function words: enough to tell an English
 * help center from one written in another language, not a general language identifier. A text too short
 * to tell (under MIN_WORDS words) does not read as English. Reads at most the first 20,000 characters.
 */
export function readsAsEnglish(text: string): boolean {
  const words = text.slice(0, 20_000).toLowerCase().match(WORD) ?? [];
  if (words.length < MIN_WORDS) return false;
  let english = 0;
  for (const w of words) if (ENGLISH_FUNCTION_WORDS.has(w)) english++;
  return english / words.length >= ENGLISH_SHARE;
}
