import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { constantTimeEqual, deriveKey, hmacSha256Hex, randomToken, sha256Hex } from './crypto';
import { createSecretBox, SecretBoxError } from './secret-box';

describe('crypto helpers', () => {
  it('HMAC-SHA256 matches RFC 4231 test case 2, lower-case hex', () => {
    expect(hmacSha256Hex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('SHA-256 of the empty string', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('constant-time equality handles lengths, types and unicode', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('é', 'e\u0301')).toBe(false);
    expect(constantTimeEqual(undefined, undefined)).toBe(false);
    expect(constantTimeEqual(null, 'x')).toBe(false);
    expect(constantTimeEqual(['a'], 'a')).toBe(false);
  });

  it('random tokens are url-safe and distinct; derived keys differ per purpose', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken()).not.toBe(a);
    const master = randomBytes(32);
    expect(deriveKey(master, 'a').equals(deriveKey(master, 'b'))).toBe(false);
    expect(deriveKey(master, 'a').equals(deriveKey(master, 'a'))).toBe(true);
  });
});

describe('secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('seals and opens, with a fresh IV each time', () => {
    const a = box.seal('whsec_abc', 'webhook:1');
    const b = box.seal('whsec_abc', 'webhook:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('whsec_abc');
    expect(box.open(a, 'webhook:1')).toBe('whsec_abc');
  });

  it('refuses another context, another key, and any tampering', () => {
    const sealed = box.seal('secret', 'ctx');
    expect(() => box.open(sealed, 'other')).toThrow(SecretBoxError);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, 'ctx')).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const flip = (s: string) => {
      const buf = Buffer.from(s, 'base64url');
      buf[0]! ^= 1;
      return buf.toString('base64url');
    };
    const tampered = [
      [parts[0], parts[1], flip(parts[2]!), parts[3]].join('.'),
      [parts[0], parts[1], parts[2], flip(parts[3]!)].join('.'),
      [parts[0], flip(parts[1]!), parts[2], parts[3]].join('.'),
      ['v2', parts[1], parts[2], parts[3]].join('.'),
      parts.slice(0, 3).join('.'),
      `${sealed}.x`,
      '',
      'v1...',
      [parts[0], parts[1], parts[2], parts[3]!.slice(0, 10)].join('.'),
    ];
    for (const t of tampered) expect(() => box.open(t, 'ctx'), t).toThrow(SecretBoxError);
  });

  it('needs a 32-byte master key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});
