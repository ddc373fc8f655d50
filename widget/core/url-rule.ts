/** A URL rule of a tour step (`page`): server-core/experiences/definition.ts UrlRule. */
export interface UrlRule {
  match: string;
  value: string;
}

/**
 * Whether a tour step's page rule holds for the page, as the server matches it
 * (server-core/experiences/decision/url-match.ts; docs/decisions/experiences.md#url-rules): a value
 * starting with `/` looks at the path and query, any other at the whole URL; exact and wildcard cover
 * their whole target, without the query unless the value has `?` and without the fragment unless it
 * has `#`; exact ignores one trailing slash; prefix is a plain prefix; regex an unanchored search after
 * its leading flags. The page comes as location gives it (the WHATWG form); a regex JavaScript cannot
 * compile (RE2 syntax it lacks) counts as matching, so a tour is never held back by a doubt.
 */
export function pageMatches(rule: UrlRule | null | undefined, href: string): boolean {
  if (!rule) return true;
  const u = new URL(href);
  const v = rule.value;
  if (rule.match === 'regex') {
    const flags = /^\(\?([a-zA-Z]+)\)/.exec(v);
    const body = flags ? v.slice(flags[0].length) : v;
    try {
      return new RegExp(body, flags?.[1]?.includes('i') ? 'i' : '').test(
        /^\^?\//.test(body) ? u.pathname + u.search : u.href,
      );
    } catch {
      return true;
    }
  }
  const onPath = v[0] === '/';
  const target = (onPath ? u.pathname : u.origin + u.pathname) + u.search + u.hash;
  if (rule.match === 'prefix') return target.startsWith(onPath ? v : lowerOrigin(v));
  const named =
    (onPath ? '' : u.origin) +
    u.pathname +
    (v.includes('?') ? u.search : '') +
    (v.includes('#') ? u.hash : '');
  if (rule.match === 'exact') {
    let r: URL;
    try {
      r = new URL(v, u.origin);
    } catch {
      return false;
    }
    const want = (onPath ? '' : r.origin) + r.pathname.replace(/\/$/, '');
    return (
      want === (onPath ? '' : u.origin) + u.pathname.replace(/\/$/, '') &&
      (!v.includes('?') || r.search === u.search) &&
      (!v.includes('#') || r.hash === u.hash)
    );
  }
  // wildcard: `*` is any run of characters, nothing else is special.
  const glob = onPath ? v : lowerOrigin(v);
  return new RegExp(`^${glob.split('*').map(literal).join('[^]*')}$`).test(named);
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const lowerOrigin = (v: string) => v.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, (m) => m.toLowerCase());
