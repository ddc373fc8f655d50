import { describe, expect, it } from 'vitest';
import { rulesHold } from './rules';

const page = {
  href: 'https://app.example.com/pricing?plan=pro',
  seconds: 0,
  scrolled: 0,
  events: [] as string[],
};

describe('trigger rules (every rule given must hold)', () => {
  it('url: path prefix, whole-URL wildcard, exact with one trailing slash', () => {
    expect(rulesHold({ url: { match: 'prefix', value: '/pricing' } }, page)).toBe(true);
    expect(rulesHold({ url: { match: 'prefix', value: '/docs' } }, page)).toBe(false);
    expect(rulesHold({ url: { match: 'wildcard', value: 'https://app.example.com/*' } }, page)).toBe(true);
    expect(rulesHold({ url: { match: 'exact', value: '/pricing/' } }, page)).toBe(true);
    expect(rulesHold({ url: { match: 'exact', value: '/pricing?plan=free' } }, page)).toBe(false);
  });

  it('time on page, scroll depth and a custom event each hold back until reached', () => {
    const rules = { time_on_page_seconds: 5, scroll_percent: 50, event: 'plan_viewed' };
    expect(rulesHold(rules, { ...page, seconds: 4.9, scrolled: 60, events: ['plan_viewed'] })).toBe(false);
    expect(rulesHold(rules, { ...page, seconds: 5, scrolled: 49, events: ['plan_viewed'] })).toBe(false);
    expect(rulesHold(rules, { ...page, seconds: 5, scrolled: 50, events: ['plan_viewed.x'] })).toBe(false);
    expect(rulesHold(rules, { ...page, seconds: 5, scrolled: 50, events: ['other', 'plan_viewed'] })).toBe(
      true,
    );
  });
});
