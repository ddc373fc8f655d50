import { expect, it } from 'vitest';
import { compileUrlRule, parsePageUrl } from '../../server-core/experiences/decision/url-match';
import { pageMatches } from './url-rule';

const PAGES = [
  'https://app.example.com/',
  'https://app.example.com/pricing',
  'https://app.example.com/pricing/',
  'https://app.example.com/pricing?plan=pro',
  'https://app.example.com/pricing#faq',
  'https://app.example.com/docs/start?x=1#top',
  'https://app.example.com/docsearch',
  'https://eu.example.com/app/billing/42',
  'http://127.0.0.1:4000/tour/next',
  'https://app.example.com/search?q=shoes',
];

const RULES = [
  { match: 'exact', value: '/pricing' },
  { match: 'exact', value: '/pricing?plan=pro' },
  { match: 'exact', value: '/pricing#faq' },
  { match: 'exact', value: 'https://app.example.com/pricing' },
  { match: 'exact', value: 'https://APP.example.com/pricing/' },
  { match: 'exact', value: '/' },
  { match: 'prefix', value: '/docs' },
  { match: 'prefix', value: '/docs/' },
  { match: 'prefix', value: 'https://app.example.com/pri' },
  { match: 'prefix', value: 'HTTPS://eu.example.com/app' },
  { match: 'wildcard', value: '/app/*/42' },
  { match: 'wildcard', value: 'https://*.example.com/*' },
  { match: 'wildcard', value: '/search?q=*' },
  { match: 'wildcard', value: '/pricing*' },
  { match: 'wildcard', value: '/tour/*' },
  { match: 'regex', value: '^/pricing$' },
  { match: 'regex', value: '/docs' },
  { match: 'regex', value: '(?i)^/PRICING' },
  { match: 'regex', value: '^https://eu\\.' },
  { match: 'regex', value: 'plan=pro' },
  { match: 'regex', value: '#faq' },
];

it('matches a step page rule in the browser as the server does', () => {
  const differ: string[] = [];
  for (const rule of RULES) {
    const server = compileUrlRule(rule as Parameters<typeof compileUrlRule>[0]);
    for (const href of PAGES) {
      const expected = server(parsePageUrl(href)!);
      if (pageMatches(rule, href) !== expected)
        differ.push(`${rule.match} ${rule.value} on ${href}: server ${expected}`);
    }
  }
  expect(differ).toEqual([]);
});

it('a missing rule holds everywhere; a regex JavaScript cannot compile holds too', () => {
  expect(pageMatches(null, 'https://a.example/x')).toBe(true);
  expect(pageMatches({ match: 'regex', value: '(?P<x>a' }, 'https://a.example/x')).toBe(true);
});
