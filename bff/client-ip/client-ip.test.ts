import { describe, expect, it } from 'vitest';
import { addressKey } from '../../server-core/ratelimit/address-key';
import { loadConfig } from '../config';
import { resolveClientAddress } from './resolve';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

const trust = (v: string): TrustProxy => parseTrustProxy(v)!;

describe('TRUST_PROXY', () => {
  it('reads off, on (an alias of one proxy), a hop count, or proxy ranges', () => {
    for (const v of [undefined, '', 'off', 'false', 'no', '0'])
      expect(parseTrustProxy(v)).toEqual({ mode: 'none' });
    for (const v of ['on', 'true', 'yes', '1', 'ON'])
      expect(parseTrustProxy(v)).toEqual({ mode: 'hops', hops: 1 });
    expect(parseTrustProxy('3')).toEqual({ mode: 'hops', hops: 3 });
    const ranges = parseTrustProxy(' 10.0.0.0/8, 192.168.1.7 ,fd00::/8');
    expect(ranges?.mode).toBe('ranges');
    expect(ranges?.mode === 'ranges' && ranges.ranges.map(([a, b]) => `${a.toString()}/${b}`)).toEqual([
      '10.0.0.0/8',
      '192.168.1.7/32',
      'fd00::/8',
    ]);
    for (const bad of [
      '21',
      'maybe',
      '10.0.0.0/33',
      '10.0.0.0/8/1',
      '300.1.1.1',
      'example.com',
      'fd00::/129',
    ])
      expect(parseTrustProxy(bad), bad).toBeNull();
  });

  it('a value that is none of them stops the start with the forms it accepts', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY must be off, on \(one proxy\)/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ mode: 'hops', hops: 2 });
    expect(loadConfig({}).trustProxy).toEqual({ mode: 'none' });
  });
});

describe('the client address', () => {
  it('off: the socket peer, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', trust('off'))).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '1.2.3.4', trust('off'))).toBe('unknown');
    expect(resolveClientAddress('::ffff:127.0.0.1', undefined, trust('off'))).toBe('127.0.0.1');
  });

  it('one proxy: the right-most entry, so a forged left part changes nothing', () => {
    const one = trust('1');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.7', one)).toBe('198.51.100.7');
    for (const forged of ['1.1.1.1', '6.6.6.6, 7.7.7.7', 'not-an-ip', '', '::1']) {
      expect(resolveClientAddress('10.0.0.2', `${forged}, 198.51.100.7`, one), forged).toBe('198.51.100.7');
    }
    // No header: the peer (a request that did not come through the proxy).
    expect(resolveClientAddress('10.0.0.2', undefined, one)).toBe('10.0.0.2');
  });

  it('two proxies: the second entry from the right; fewer entries than hops: the left-most', () => {
    const two = trust('2');
    expect(resolveClientAddress('10.0.0.3', '6.6.6.6, 198.51.100.7, 10.0.0.2', two)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.3', '198.51.100.7', two)).toBe('198.51.100.7');
  });

  it('a malformed entry is never the address, and nothing left of it is believed', () => {
    const two = trust('2');
    expect(resolveClientAddress('10.0.0.3', '6.6.6.6, unknown, 10.0.0.2', two)).toBe('10.0.0.2');
    expect(resolveClientAddress('10.0.0.3', '6.6.6.6, <script>', trust('1'))).toBe('10.0.0.3');
    expect(resolveClientAddress('10.0.0.3', '1.2.3.4\u0000', trust('1'))).toBe('10.0.0.3');
    expect(resolveClientAddress('10.0.0.3', '0x7f.1', trust('1'))).toBe('10.0.0.3');
  });

  it('ports, brackets, mapped and long IPv6 spellings name one address', () => {
    const one = trust('1');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.7:51234', one)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.2', '[2001:DB8:0::1]:443', one)).toBe('2001:db8::1');
    expect(resolveClientAddress('10.0.0.2', '2001:0db8:0000:0000:0000:0000:0000:0001', one)).toBe(
      '2001:db8::1',
    );
    expect(resolveClientAddress('10.0.0.2', '::ffff:198.51.100.7', one)).toBe('198.51.100.7');
  });

  it('proxy ranges: walks left past trusted proxies to the first address outside them', () => {
    const ranges = trust('10.0.0.0/8,2001:db8:ffff::/48');
    expect(resolveClientAddress('10.0.0.3', '6.6.6.6, 198.51.100.7, 10.1.1.1', ranges)).toBe('198.51.100.7');
    expect(resolveClientAddress('::ffff:10.0.0.3', '198.51.100.7', ranges)).toBe('198.51.100.7');
    expect(resolveClientAddress('2001:db8:ffff::9', '2001:db8:1::5', ranges)).toBe('2001:db8:1::5');
    // A peer outside the ranges reached us directly: its header is not believed.
    expect(resolveClientAddress('198.51.100.50', '6.6.6.6', ranges)).toBe('198.51.100.50');
    // Every hop trusted: the left-most.
    expect(resolveClientAddress('10.0.0.3', '10.0.0.9, 10.0.0.8', ranges)).toBe('10.0.0.9');
    // No socket (in process): nothing is trusted.
    expect(resolveClientAddress(undefined, '198.51.100.7', ranges)).toBe('unknown');
  });

  it('a header of thousands of entries reads only the right end', () => {
    const long = `${Array.from({ length: 5000 }, (_, i) => `1.1.${i % 250}.1`).join(', ')}, 198.51.100.7`;
    expect(resolveClientAddress('10.0.0.2', long, trust('1'))).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.2', long, trust('0.0.0.0/0'))).toBe('1.1.219.1'); // the 32nd entry from the right;
  });
});

describe('the throttle key of an address', () => {
  it('IPv4 as it is, IPv6 by its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff::9'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
