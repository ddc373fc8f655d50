import { describe, expect, it } from 'vitest';
import { domainCovers } from './domain-covers';
import { canonicalDomainName, canonicalHost } from './domain-name';

describe('domainCovers', () => {
  it('covers the domain itself and its subdomains', () => {
    expect(domainCovers('example.com', 'example.com')).toBe(true);
    expect(domainCovers('example.com', 'app.example.com')).toBe(true);
    expect(domainCovers('example.com', 'a.b.example.com')).toBe(true);
    expect(domainCovers('app.example.com', 'app.example.com')).toBe(true);
  });

  it('never a parent, a sibling or a suffix trick', () => {
    expect(domainCovers('app.example.com', 'example.com')).toBe(false);
    expect(domainCovers('app.example.com', 'api.example.com')).toBe(false);
    expect(domainCovers('example.com', 'badexample.com')).toBe(false);
    expect(domainCovers('example.com', 'example.com.evil.io')).toBe(false);
    expect(domainCovers('example.com', 'example.co')).toBe(false);
    expect(domainCovers('example.com', 'xexample.com')).toBe(false);
    expect(domainCovers('example.com', '.example.com')).toBe(false);
    expect(domainCovers('example.com', 'app..example.com')).toBe(false);
    expect(domainCovers('example.com', 'evil.io/app.example.com')).toBe(false);
    expect(domainCovers('example.com', 'evil.io#.example.com')).toBe(false);
    expect(domainCovers('example.com', 'evil.io?.example.com')).toBe(false);
  });

  it('case and a trailing dot do not matter, on either side', () => {
    expect(domainCovers('Example.COM', 'APP.example.com')).toBe(true);
    expect(domainCovers('example.com.', 'app.example.com')).toBe(true);
    expect(domainCovers('example.com', 'app.example.com.')).toBe(true);
    expect(domainCovers('example.com', 'app.example.com..')).toBe(false);
  });

  it('compares IDN names in their punycode form, and fullwidth look-alikes map as browsers map them', () => {
    expect(domainCovers('münchen.de', 'xn--mnchen-3ya.de')).toBe(true);
    expect(domainCovers('xn--mnchen-3ya.de', 'shop.münchen.de')).toBe(true);
    expect(domainCovers('MÜNCHEN.de', 'shop.xn--mnchen-3ya.de')).toBe(true);
    expect(domainCovers('ＥＸＡＭＰＬＥ.com', 'app.example.com')).toBe(true);
    // A Cyrillic "а" is another name, not example.com.
    expect(domainCovers('example.com', 'app.exаmple.com')).toBe(false);
    expect(domainCovers('münchen.de', 'munchen.de')).toBe(false);
    expect(domainCovers('example.com', 'xn--zz.example.com')).toBe(false);
  });

  it('a port, user info, a percent escape or spaces make a host that nothing covers', () => {
    expect(domainCovers('example.com', 'app.example.com:443')).toBe(false);
    expect(domainCovers('example.com', 'user@app.example.com')).toBe(false);
    expect(domainCovers('example.com', 'app.example.com@evil.io')).toBe(false);
    expect(domainCovers('example.com', 'app%2eexample.com')).toBe(false);
    expect(domainCovers('example.com', 'app.exam%70le.com')).toBe(false);
    expect(domainCovers('example.com', ' app.example.com')).toBe(false);
    expect(domainCovers('example.com:443', 'example.com')).toBe(false);
    expect(domainCovers('', '')).toBe(false);
    expect(domainCovers('com', 'example.com')).toBe(true); // a single label is a name (operators only add one)
  });

  it('an IP address covers exactly itself; names never cover addresses', () => {
    expect(domainCovers('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(domainCovers('127.0.0.1', '127.0.0.2')).toBe(false);
    expect(domainCovers('0.0.1', '127.0.0.1')).toBe(false);
    expect(domainCovers('0.1', '10.0.0.1')).toBe(false);
    expect(domainCovers('[::1]', '[::1]')).toBe(true);
    expect(domainCovers('[::1]', '[0:0:0:0:0:0:0:1]')).toBe(true);
    expect(domainCovers('example.com', '[::1]')).toBe(false);
    expect(domainCovers('example.com', '93.184.216.34')).toBe(false);
    expect(domainCovers('1.example.com', '1.example.com')).toBe(true);
  });
});

describe('canonical names', () => {
  it('refuses numeric last labels (IPv4 in any spelling) and non-names', () => {
    for (const bad of [
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      'a.1',
      '-a.com',
      'a-.com',
      'exa_mple.com',
      'a..b',
      '',
      '.',
    ])
      expect(canonicalDomainName(bad), bad).toBeNull();
    expect(canonicalDomainName(`${'a'.repeat(64)}.com`)).toBeNull();
    expect(canonicalDomainName('App.Example.COM.')).toBe('app.example.com');
  });

  it('canonicalHost reads addresses in canonical form and refuses zone ids', () => {
    expect(canonicalHost('[0:0:0:0:0:0:0:1]')).toBe('[::1]');
    expect(canonicalHost('[fe80::1%eth0]')).toBeNull();
    expect(canonicalHost('127.000.000.001')).toBeNull();
    expect(canonicalHost('localhost')).toBe('localhost');
  });
});
