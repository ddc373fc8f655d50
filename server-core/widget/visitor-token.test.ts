import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomToken } from '../lib/crypto';
import { newRandomId } from '../lib/ulid';
import { newVisitorToken, parseVisitorToken, verifyVisitorToken } from './visitor-token';

describe('visitor tokens', () => {
  const key = randomBytes(32);
  const websiteId = newRandomId();

  it('keep the wvt_ shape and name the visitor and its issue time', () => {
    const at = new Date('2030-06-01T12:00:00.123Z');
    const visitorId = newRandomId(at);
    const token = newVisitorToken(key, websiteId, visitorId);
    expect(token).toMatch(new RegExp(`^wvt_${websiteId}[A-Za-z0-9_-]{43}$`));
    expect(parseVisitorToken(token)).toEqual({ websiteId });
    expect(verifyVisitorToken(key, token)).toEqual({ websiteId, visitorId, issuedAt: at });
  });

  it('a changed character, another key, another website or a random (pre-issue-11) token does not verify', () => {
    const token = newVisitorToken(key, websiteId, newRandomId());
    for (let i = token.length - 43; i < token.length; i++) {
      const c = token[i] === 'A' ? 'B' : 'A';
      expect(
        verifyVisitorToken(key, token.slice(0, i) + c + token.slice(i + 1)),
        `character ${i}`,
      ).toBeNull();
    }
    expect(verifyVisitorToken(randomBytes(32), token)).toBeNull();
    const other = newRandomId();
    expect(verifyVisitorToken(key, `wvt_${other}${token.slice(-43)}`)).toBeNull();
    expect(verifyVisitorToken(key, `wvt_${websiteId}${randomToken(32)}`)).toBeNull();
    expect(verifyVisitorToken(key, `wvt_${websiteId}${'A'.repeat(43)}`)).toBeNull();
    expect(verifyVisitorToken(key, 42)).toBeNull();
  });

  it('one visitor has one token: the spare bits of the last character must be zero', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let n = 0; n < 20; n++) {
      const token = newVisitorToken(key, websiteId, newRandomId());
      const last = alphabet.indexOf(token.at(-1)!);
      expect(last % 4).toBe(0);
      for (const spare of [1, 2, 3]) {
        const variant = token.slice(0, -1) + alphabet[last + spare];
        expect(Buffer.from(variant.slice(-43), 'base64url')).toEqual(
          Buffer.from(token.slice(-43), 'base64url'),
        );
        expect(verifyVisitorToken(key, variant)).toBeNull();
      }
    }
  });
});
