import { describe, expect, it } from 'vitest';
import { countLinks, quarantineRule } from './quarantine-rules';

describe('quarantine rules', () => {
  it('counts links of every common shape', () => {
    expect(countLinks('no links here, e.g. version 1.2')).toBe(0);
    expect(countLinks('http://a.test https://b.test www.c.test d.com/x')).toBe(4);
    expect(countLinks('HTTPS://SHOUT.TEST')).toBe(1);
    expect(countLinks('mail me at a@b.com')).toBe(0);
  });

  it('stays linear and capped on hostile input', () => {
    const started = performance.now();
    expect(countLinks('a'.repeat(200_000))).toBe(0);
    expect(countLinks('x.com/y '.repeat(50_000), 3)).toBe(3);
    expect(countLinks(`${'-'.repeat(63)}.`.repeat(5000))).toBe(0);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('holds link-heavy anonymous first messages and bursts', () => {
    const links = 'http://a.test http://b.test http://c.test';
    expect(quarantineRule({ anonymous: true, firstMessage: links, startsInWindow: 0 })).toBe('links');
    expect(quarantineRule({ anonymous: false, firstMessage: links, startsInWindow: 0 })).toBeNull();
    expect(
      quarantineRule({ anonymous: true, firstMessage: 'http://a.test http://b.test', startsInWindow: 0 }),
    ).toBeNull();
    expect(quarantineRule({ anonymous: false, firstMessage: 'hi', startsInWindow: 2 })).toBeNull();
    expect(quarantineRule({ anonymous: false, firstMessage: 'hi', startsInWindow: 3 })).toBe('burst');
  });
});
