const MAX_REDIRECT_PATH = 1024;

/**
 * spec service-api.md 4.5: `redirect_to` must be a relative portal path. Accepted: one leading `/` followed
 * by anything but a second `/` or `\` (scheme-relative `//host` and `/\host`, which browsers read as a
 * host), with no control characters or whitespace, at most 1024 characters. Answers the path or null.
 */
export function relativePortalPath(input: string | null | undefined): string | null {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_REDIRECT_PATH) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(input)) return null;
  if (!input.startsWith('/') || input.startsWith('//')) return null;
  // Resolve against a placeholder origin: anything that leaves it was not a relative path.
  const url = new URL(input, 'https://portal.invalid');
  if (url.origin !== 'https://portal.invalid') return null;
  return url.pathname + url.search + url.hash;
}

/** Where a sign-in lands when nothing named a path. */
export const DEFAULT_LANDING_PATH = '/app';
