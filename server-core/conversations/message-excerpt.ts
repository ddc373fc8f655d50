/** How long a list's preview of a message is at most, in characters (the ellipsis included). */
export const EXCERPT_CHARS = 140;

/**
 * A message body as one short line for a list: runs of whitespace (new lines included) become one space,
 * and a body longer than EXCERPT_CHARS is cut at the last space before the limit (or at the limit when a
 * word is longer) and ends with an ellipsis. Characters are counted by code point, so a cut never splits
 * a surrogate pair.
 */
export function messageExcerpt(body: string, max = EXCERPT_CHARS): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = Array.from(line);
  if (chars.length <= max) return line;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}
