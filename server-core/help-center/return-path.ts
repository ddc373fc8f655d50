/** The longest path (with its query) a help-center return value may carry. */
export const MAX_RETURN_PATH_LENGTH = 1024;

/** A base no request can name: only used to resolve a candidate and see whether it stays put. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * A path on the help center to send a reader back to, or `/`: never an address. Accepted: one leading
 * slash, then no second slash or backslash, no control characters or spaces, and a value the URL parser
 * resolves against a fixed origin without leaving it and without rewriting it (so `/\evil`, `//evil`,
 * `/%09/evil`, `https://evil`, `javascript:` and `\/evil` all end at `/`). The fragment is dropped.
 */
export function safeReturnPath(raw: string | null | undefined): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_PATH_LENGTH) return '/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(raw)) return '/';
  if (raw[0] !== '/' || raw[1] === '/') return '/';
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  if (url.origin !== PROBE_ORIGIN) return '/';
  const path = `${url.pathname}${url.search}`;
  if (!path.startsWith('/') || path.startsWith('//')) return '/';
  return path;
}
