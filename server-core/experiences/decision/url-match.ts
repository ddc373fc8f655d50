import { RE2JS } from 're2js';
import { DEFINITION_LIMITS, type UrlRule } from '../definition';

/**
 * URL rules of targeting and of tour steps (docs/decisions/experiences.md#targeting). A value starting
 * with `/` (a regex: `/` or `^/`, after any leading flags such as `(?i)`) is matched against the page's path and query, any other value against
 * the whole URL, fragment included.
 *
 * - `exact` and `wildcard` must cover their whole target, but a value without `?` ignores the page's
 *   query and a value without `#` its fragment; `exact` also ignores a trailing slash of the path.
 * - `prefix` is a plain prefix of the target.
 * - `regex` is an unanchored RE2 search (re2js: linear time, no lookaround or backreferences), at most
 *   500 characters and REGEX_MAX_PROGRAM instructions once compiled.
 *
 * Both sides are compared in the WHATWG form browsers send (scheme and host lower-case, non-ASCII
 * percent-encoded); a rule value is brought to that form the same way. Matching is case-sensitive
 * otherwise (a regex may say `(?i)`).
 */

/** A compiled regex of more instructions than this is refused: its automaton would be slow to build. */
export const REGEX_MAX_PROGRAM = 200;

/** The parts of a page URL the rules look at. */
export interface PageUrl {
  /** The whole URL, fragment included. */
  href: string;
  /** scheme://host[:port], lower-case. */
  origin: string;
  pathname: string;
  /** `?…` or empty. */
  search: string;
  /** `#…` or empty. */
  hash: string;
}

/** An absolute http(s) URL in its WHATWG form, or null. */
export function parsePageUrl(raw: string): PageUrl | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash };
}

/** The page without its fragment: what page facts are stored under. */
export function pageKey(page: PageUrl): string {
  return page.origin + page.pathname + page.search;
}

export type UrlTest = (page: PageUrl) => boolean;

const never: UrlTest = () => false;

/** Percent-encodes what a browser would (non-ASCII, spaces, controls); null for a lone surrogate. */
function encodeLikeBrowser(value: string): string | null {
  try {
    return value.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
}

/** Lower-cases the scheme and authority of a whole-URL value (`HTTPS://App.example.com/X` → `https://app.example.com/X`). */
function lowerAuthority(value: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(value);
  return m ? m[1]!.toLowerCase() + value.slice(m[1]!.length) : value;
}

const stripSlash = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : path);

/** `*` stands for any run of characters; the glob covers the whole target. Linear in practice (indexOf). */
export function globMatches(glob: string, target: string): boolean {
  const parts = glob.split('*');
  if (parts.length === 1) return glob === target;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (target.length < first.length + last.length) return false;
  if (!target.startsWith(first) || !target.endsWith(last)) return false;
  let pos = first.length;
  const end = target.length - last.length;
  for (let i = 1; i < parts.length - 1; i++) {
    const part = parts[i]!;
    if (part === '') continue;
    const at = target.indexOf(part, pos);
    if (at < 0 || at + part.length > end) return false;
    pos = at + part.length;
  }
  return true;
}

/** The page's parts a path value (or whole-URL value) names: query when it has `?`, fragment when `#`. */
function namedParts(value: string, onPath: boolean, page: PageUrl, path = page.pathname): string {
  const withQuery = value.includes('?');
  const withHash = value.includes('#');
  return (onPath ? '' : page.origin) + path + (withQuery ? page.search : '') + (withHash ? page.hash : '');
}

function compileExact(value: string): UrlTest {
  const onPath = value.startsWith('/');
  let rule: URL;
  try {
    rule = onPath ? new URL(value, 'http://h') : new URL(value);
  } catch {
    return never;
  }
  if (!onPath && rule.protocol !== 'http:' && rule.protocol !== 'https:') return never;
  const withQuery = value.includes('?');
  const withHash = value.includes('#');
  const origin = onPath ? null : rule.origin;
  const path = stripSlash(rule.pathname);
  return (page) =>
    (origin === null || page.origin === origin) &&
    stripSlash(page.pathname) === path &&
    (!withQuery || page.search === rule.search) &&
    (!withHash || page.hash === rule.hash);
}

/** A rule compiled once; a value that cannot match anything (bad regex, unparseable exact URL) never matches. */
export function compileUrlRule(rule: UrlRule, regexCache?: Map<string, RE2JS | null>): UrlTest {
  if (typeof rule?.value !== 'string' || rule.value.length > DEFINITION_LIMITS.urlValueChars) return never;
  switch (rule.match) {
    case 'exact':
      return compileExact(rule.value);
    case 'prefix':
    case 'wildcard': {
      const onPath = rule.value.startsWith('/');
      const encoded = encodeLikeBrowser(onPath ? rule.value : lowerAuthority(rule.value));
      if (encoded === null) return never;
      if (rule.match === 'prefix') {
        return onPath
          ? (page) => (page.pathname + page.search).startsWith(encoded)
          : (page) => page.href.startsWith(encoded);
      }
      return (page) => globMatches(encoded, namedParts(encoded, onPath, page));
    }
    case 'regex': {
      const re = compileRegex(rule.value, regexCache);
      if (!re) return never;
      const body = rule.value.replace(/^\(\?[a-zA-Z]+\)/, '');
      const onPath = body.startsWith('/') || body.startsWith('^/');
      return onPath ? (page) => re.test(page.pathname + page.search) : (page) => re.test(page.href);
    }
    default:
      return never;
  }
}

/** Compiles a URL regex (cached by its text when a cache is given), or null when it is refused. */
export function compileRegex(pattern: string, cache?: Map<string, RE2JS | null>): RE2JS | null {
  if (cache?.has(pattern)) return cache.get(pattern)!;
  const checked = checkRegex(pattern);
  const compiled = 're' in checked ? checked.re : null;
  if (cache) {
    if (cache.size >= 5000) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

function checkRegex(pattern: string): { re: RE2JS } | { error: string } {
  if (pattern.length > DEFINITION_LIMITS.regexChars)
    return { error: `a regex has at most ${DEFINITION_LIMITS.regexChars} characters` };
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern);
  } catch (err) {
    return { error: `the regex does not compile: ${(err as Error).message}` };
  }
  // re2js keeps its program on an internal field; a version without it skips this check (the pinned one has it).
  const size = (re as unknown as { re2Input?: { prog?: { inst?: unknown[] } } }).re2Input?.prog?.inst?.length;
  if (size !== undefined && size > REGEX_MAX_PROGRAM) {
    return { error: 'the regex is too complex (large counted repetitions such as .{500}); simplify it' };
  }
  return { re };
}

/** Why a rule can never be saved (null when it is fine): what authoring checks before a draft is kept. */
export function urlRuleError(rule: UrlRule): string | null {
  if (rule.value.length === 0) return 'a URL rule needs a value';
  if (rule.value.length > DEFINITION_LIMITS.urlValueChars)
    return `a URL rule value has at most ${DEFINITION_LIMITS.urlValueChars} characters`;
  if (encodeLikeBrowser(rule.value) === null) return 'the value holds an unpaired surrogate';
  if (rule.match === 'regex') {
    const checked = checkRegex(rule.value);
    return 'error' in checked ? checked.error : null;
  }
  if (rule.match === 'exact' && !rule.value.startsWith('/')) {
    const page = parsePageUrl(rule.value);
    if (!page) return 'an exact URL starts with / or is an absolute http(s) URL';
  }
  return null;
}

/** Include (empty: every page) minus exclude. */
export function pagesMatch(include: readonly UrlTest[], exclude: readonly UrlTest[], page: PageUrl): boolean {
  if (include.length > 0 && !include.some((t) => t(page))) return false;
  return !exclude.some((t) => t(page));
}
