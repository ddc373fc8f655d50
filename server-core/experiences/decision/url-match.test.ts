import { describe, expect, it } from 'vitest';
import type { UrlRule } from '../definition';
import { compileUrlRule, globMatches, pageKey, pagesMatch, parsePageUrl, urlRuleError } from './url-match';

const page = (url: string) => {
  const p = parsePageUrl(url);
  if (!p) throw new Error(`bad test URL ${url}`);
  return p;
};
const matches = (rule: UrlRule, url: string) => compileUrlRule(rule)(page(url));
const exact = (value: string): UrlRule => ({ match: 'exact', value });
const prefix = (value: string): UrlRule => ({ match: 'prefix', value });
const wildcard = (value: string): UrlRule => ({ match: 'wildcard', value });
const regex = (value: string): UrlRule => ({ match: 'regex', value });

describe('parsePageUrl', () => {
  it('takes absolute http(s) URLs only, in their WHATWG form', () => {
    expect(parsePageUrl('HTTPS://App.Example.com:443/a b?x=é#Top')).toEqual({
      href: 'https://app.example.com/a%20b?x=%C3%A9#Top',
      origin: 'https://app.example.com',
      pathname: '/a%20b',
      search: '?x=%C3%A9',
      hash: '#Top',
    });
    for (const bad of [
      '/relative',
      'ftp://x.com/',
      'javascript:alert(1)',
      'data:text/html,x',
      '',
      'http//x',
    ]) {
      expect(parsePageUrl(bad)).toBeNull();
    }
    expect(pageKey(page('https://a.com/x?y=1#z'))).toBe('https://a.com/x?y=1');
  });
});

describe('exact', () => {
  it('compares the path, ignoring a trailing slash and the query and fragment unless named', () => {
    expect(matches(exact('/pricing'), 'https://a.com/pricing')).toBe(true);
    expect(matches(exact('/pricing'), 'https://a.com/pricing/')).toBe(true);
    expect(matches(exact('/pricing/'), 'https://a.com/pricing')).toBe(true);
    expect(matches(exact('/pricing'), 'https://a.com/pricing?plan=pro#faq')).toBe(true);
    expect(matches(exact('/pricing'), 'https://a.com/pricing/plans')).toBe(false);
    expect(matches(exact('/pricing'), 'https://a.com/Pricing')).toBe(false);
    expect(matches(exact('/'), 'https://a.com')).toBe(true);
    expect(matches(exact('/'), 'https://a.com/x')).toBe(false);
  });
  it('compares the query and fragment when the value names them', () => {
    expect(matches(exact('/pricing?plan=pro'), 'https://a.com/pricing?plan=pro')).toBe(true);
    expect(matches(exact('/pricing?plan=pro'), 'https://a.com/pricing/?plan=pro')).toBe(true);
    expect(matches(exact('/pricing?plan=pro'), 'https://a.com/pricing?plan=team')).toBe(false);
    expect(matches(exact('/pricing?plan=pro'), 'https://a.com/pricing')).toBe(false);
    expect(matches(exact('/app#/settings'), 'https://a.com/app#/settings')).toBe(true);
    expect(matches(exact('/app#/settings'), 'https://a.com/app#/billing')).toBe(false);
  });
  it('a whole URL compares the origin too (host case-insensitive)', () => {
    expect(matches(exact('https://App.example.com/x'), 'https://app.example.com/x/')).toBe(true);
    expect(matches(exact('https://app.example.com/x'), 'http://app.example.com/x')).toBe(false);
    expect(matches(exact('https://app.example.com/x'), 'https://www.example.com/x')).toBe(false);
    expect(matches(exact('https://app.example.com'), 'https://app.example.com/')).toBe(true);
    expect(matches(exact('app.example.com/x'), 'https://app.example.com/x')).toBe(false);
  });
  it('non-ASCII values match the encoded page', () => {
    expect(matches(exact('/café'), 'https://a.com/caf%C3%A9')).toBe(true);
    expect(matches(exact('/café'), 'https://a.com/café')).toBe(true);
  });
});

describe('prefix', () => {
  it('is a plain prefix of the path and query, or of the whole URL', () => {
    expect(matches(prefix('/docs'), 'https://a.com/docs/start')).toBe(true);
    expect(matches(prefix('/docs'), 'https://a.com/docsearch')).toBe(true);
    expect(matches(prefix('/docs/'), 'https://a.com/docs')).toBe(false);
    expect(matches(prefix('/search?q='), 'https://a.com/search?q=x')).toBe(true);
    expect(matches(prefix('/x'), 'https://a.com/y?next=/x')).toBe(false);
    expect(matches(prefix('https://app.example.com/'), 'https://app.example.com/any?x#y')).toBe(true);
    expect(matches(prefix('HTTPS://APP.example.com/A'), 'https://app.example.com/A')).toBe(true);
    expect(matches(prefix('HTTPS://APP.example.com/A'), 'https://app.example.com/a')).toBe(false);
    expect(matches(prefix('https://app.example.com'), 'https://app.example.com.evil.com/')).toBe(true);
  });
});

describe('wildcard', () => {
  it('* is any run of characters, nothing else is special', () => {
    expect(matches(wildcard('/app/*/settings'), 'https://a.com/app/42/settings')).toBe(true);
    expect(matches(wildcard('/app/*/settings'), 'https://a.com/app/settings')).toBe(false);
    expect(matches(wildcard('/app/*/settings'), 'https://a.com/app//settings')).toBe(true);
    expect(matches(wildcard('/app/*/settings'), 'https://a.com/app/1/2/settings')).toBe(true);
    expect(matches(wildcard('/app/*/settings'), 'https://a.com/app/1/settings/more')).toBe(false);
    expect(matches(wildcard('/a.c'), 'https://a.com/abc')).toBe(false);
    expect(matches(wildcard('/a?c'), 'https://a.com/abc')).toBe(false);
    expect(matches(wildcard('/(x)+'), 'https://a.com/(x)+')).toBe(true);
    expect(matches(wildcard('/*'), 'https://a.com/')).toBe(true);
    expect(matches(wildcard('*'), 'https://a.com/anything?x#y')).toBe(true);
  });
  it('ignores the query and fragment unless the value names them', () => {
    expect(matches(wildcard('/app/*'), 'https://a.com/app/x?tab=1#top')).toBe(true);
    expect(matches(wildcard('/search?q=*'), 'https://a.com/search?q=shoes')).toBe(true);
    expect(matches(wildcard('/search?q=*'), 'https://a.com/search')).toBe(false);
    expect(matches(wildcard('/app#/*/edit'), 'https://a.com/app#/7/edit')).toBe(true);
  });
  it('whole URLs with a host wildcard', () => {
    expect(matches(wildcard('https://*.example.com/*'), 'https://app.example.com/x')).toBe(true);
    expect(matches(wildcard('https://*.example.com/*'), 'https://example.com/x')).toBe(false);
    expect(matches(wildcard('https://*.Example.com/billing'), 'https://eu.example.com/billing/')).toBe(false);
    expect(matches(wildcard('https://*.Example.com/billing*'), 'https://eu.example.com/billing/')).toBe(true);
  });
  it('globMatches', () => {
    const cases: [string, string, boolean][] = [
      ['a*b*c', 'abc', true],
      ['a*b*c', 'aXbYc', true],
      ['a*b*c', 'acb', false],
      ['a*a', 'a', false],
      ['a*a', 'aa', true],
      ['**', '', true],
      ['*x*', 'yyy', false],
      ['ab*ba', 'aba', false],
      ['*ab*ab*', 'xabyab', true],
    ];
    for (const [glob, target, want] of cases)
      expect(globMatches(glob, target), `${glob} ${target}`).toBe(want);
  });
});

describe('regex', () => {
  it('searches the path and query for a /-value, else the whole URL', () => {
    expect(matches(regex('^/app/\\d+/settings$'), 'https://a.com/app/42/settings')).toBe(true);
    expect(matches(regex('^/app/\\d+/settings$'), 'https://a.com/app/42/settings?x=1')).toBe(false);
    expect(matches(regex('^/app/\\d+/settings'), 'https://a.com/app/x/settings')).toBe(false);
    expect(matches(regex('/billing'), 'https://a.com/x/billing/y')).toBe(true);
    expect(matches(regex('billing'), 'https://billing.a.com/')).toBe(true);
    expect(matches(regex('^https://[a-z]+\\.example\\.com/'), 'https://eu.example.com/x')).toBe(true);
    expect(matches(regex('(?i)^/APP'), 'https://a.com/app')).toBe(true);
    expect(matches(regex('^/APP'), 'https://a.com/app')).toBe(false);
  });
  it('refuses what RE2 cannot compile, over 500 characters or too large once compiled', () => {
    expect(urlRuleError(regex('(?=x)'))).toMatch(/does not compile/);
    expect(urlRuleError(regex('(a)\\1'))).toMatch(/does not compile/);
    expect(urlRuleError(regex('(?<=a)b'))).toMatch(/does not compile/);
    expect(urlRuleError(regex('['))).toMatch(/does not compile/);
    expect(urlRuleError(regex('a'.repeat(501)))).toMatch(/500/);
    expect(urlRuleError(regex('\\p{L}{1000}'))).toMatch(/too complex/);
    expect(urlRuleError(regex('.{500}'))).toMatch(/too complex/);
    expect(urlRuleError(regex('^/app/(\\d+)/(settings|billing)(/.*)?$'))).toBeNull();
    expect(matches(regex('(?=x)'), 'https://a.com/x')).toBe(false);
    expect(matches(regex('\\p{L}{1000}'), 'https://a.com/x')).toBe(false);
  });
  it('catastrophic-backtracking patterns stay fast on huge URLs', () => {
    const hostile = [
      '(a+)+$',
      '(a|aa)+$',
      '(a|a?)+b',
      '^(([a-z])+.)+[A-Z]([a-z])+$',
      '(x+x+)+y',
      '(.*a){20}',
    ];
    const url = page(`https://a.com/${'a'.repeat(100_000)}!`);
    const started = performance.now();
    for (const p of hostile) {
      expect(urlRuleError(regex(p))).toBeNull();
      compileUrlRule(regex(p))(url);
      compileUrlRule(regex(`/${p}`))(url);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('other values', () => {
  it('unknown kinds, empty and oversized values never match', () => {
    expect(matches({ match: 'nope' as never, value: '/' }, 'https://a.com/')).toBe(false);
    expect(matches(prefix(`/${'a'.repeat(3000)}`), `https://a.com/${'a'.repeat(3000)}`)).toBe(false);
    expect(matches(prefix('/\ud800'), 'https://a.com/x')).toBe(false);
    expect(matches({ match: 'exact', value: null as never }, 'https://a.com/')).toBe(false);
    expect(urlRuleError(prefix(''))).toMatch(/value/);
    expect(urlRuleError(prefix('/\ud800'))).toMatch(/surrogate/);
    expect(urlRuleError(exact('not a url'))).toMatch(/absolute/);
    expect(urlRuleError(exact('/ok'))).toBeNull();
  });
  it('huge page URLs match fast with every kind', () => {
    const url = page(`https://a.com/${'x*'.repeat(50_000)}?${'q'.repeat(50_000)}`);
    const started = performance.now();
    for (const r of [exact('/x'), prefix('/x*x'), wildcard('/*x*y*z*'), wildcard(`/${'x*'.repeat(500)}y`)]) {
      compileUrlRule(r)(url);
    }
    expect(performance.now() - started).toBeLessThan(500);
  });
  it('pagesMatch: include (empty: every page) minus exclude', () => {
    const p = page('https://a.com/app/billing');
    const t = (r: UrlRule) => compileUrlRule(r);
    expect(pagesMatch([], [], p)).toBe(true);
    expect(pagesMatch([t(prefix('/app'))], [], p)).toBe(true);
    expect(pagesMatch([t(prefix('/docs')), t(prefix('/app'))], [], p)).toBe(true);
    expect(pagesMatch([t(prefix('/docs'))], [], p)).toBe(false);
    expect(pagesMatch([t(prefix('/app'))], [t(exact('/app/billing'))], p)).toBe(false);
    expect(pagesMatch([], [t(regex('billing'))], p)).toBe(false);
  });
});
