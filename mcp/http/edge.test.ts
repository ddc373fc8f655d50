import { describe, expect, it } from 'vitest';
import { bearerToken, keyDigest, sameKey } from './bearer';
import { hostAllowed, loopbackHosts } from './host';
import { originAllowed } from './origin';

describe('originAllowed', () => {
  const allowed = ['https://app.example', 'http://localhost:3000'];
  it('passes a request without Origin (a non-browser client) and an exactly allowed origin', () => {
    expect(originAllowed(undefined, allowed)).toBe(true);
    expect(originAllowed('https://app.example', allowed)).toBe(true);
    expect(originAllowed('HTTP://LOCALHOST:3000', allowed)).toBe(true);
  });
  it.each([
    'https://evil.example',
    'null',
    '',
    ' ',
    'https://app.example/',
    'https://app.example/path',
    'https://app.example:443x',
    'https://app.example.evil.example',
    'https://user@app.example',
    'http://localhost:3001',
    'http://localhost',
    'file:///etc/passwd',
    'chrome-extension://abc',
    'https://app.example, https://evil.example',
    'https://app.example\r\nX: y',
    'x'.repeat(10_000),
  ])('refuses %j', (origin) => {
    expect(originAllowed(origin, allowed)).toBe(false);
  });
  it('refuses a repeated header and everything when the list is empty', () => {
    expect(originAllowed(['https://app.example', 'https://app.example'], allowed)).toBe(false);
    expect(originAllowed('https://app.example', [])).toBe(false);
  });
});

describe('Host on loopback', () => {
  it('allows the loopback names with the bound port, and does not check when bound elsewhere', () => {
    const hosts = loopbackHosts('127.0.0.1', 8790);
    expect(hostAllowed('127.0.0.1:8790', hosts)).toBe(true);
    expect(hostAllowed('LOCALHOST:8790', hosts)).toBe(true);
    expect(hostAllowed('[::1]:8790', hosts)).toBe(true);
    for (const bad of ['evil.example:8790', '127.0.0.1:8791', '127.0.0.1', '', undefined])
      expect(hostAllowed(bad, hosts), String(bad)).toBe(false);
    expect(loopbackHosts('10.0.0.5', 8790)).toEqual([]);
    expect(hostAllowed('anything', [])).toBe(true);
  });
});

describe('bearer key', () => {
  it('takes the key of a Bearer header, scheme in any case', () => {
    expect(bearerToken('Bearer spk_abc')).toBe('spk_abc');
    expect(bearerToken('bearer   spk_abc ')).toBe('spk_abc');
  });
  it.each([
    undefined,
    '',
    'Bearer',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'Bearer a b',
    'Bearer spk_\u00e9',
    `Bearer ${'k'.repeat(513)}`,
  ])('refuses %j', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
  it('refuses a repeated header', () => {
    expect(bearerToken(['Bearer a', 'Bearer b'])).toBeNull();
  });
  it('a session matches only its own key', () => {
    const digest = keyDigest('spk_one');
    expect(digest.toString('hex')).not.toContain('spk_one');
    expect(sameKey(digest, 'spk_one')).toBe(true);
    expect(sameKey(digest, 'spk_one ')).toBe(false);
    expect(sameKey(digest, 'spk_two')).toBe(false);
    expect(sameKey(digest, '')).toBe(false);
  });
});
