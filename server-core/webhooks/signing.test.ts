import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, SIGNING_SECRET_PATTERN, signatureHeader } from './signing';

describe('signing', () => {
  it('secrets are whsec_ + 256 random bits; the signature is HMAC-SHA256 over "<t>.<body>"', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(SIGNING_SECRET_PATTERN);
    expect(generateSigningSecret()).not.toBe(secret);
    const header = signatureHeader(secret, '{"a":1}', new Date('2026-11-01T00:00:05.900Z'));
    const t = 1793491205;
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', secret).update(`${t}.{"a":1}`).digest('hex')}`);
  });

  it('during a rotation one v1 per secret, in the order given (the current secret first)', () => {
    const [current, previous] = [generateSigningSecret(), generateSigningSecret()];
    const t = 1793491205;
    const v1 = (secret: string) => createHmac('sha256', secret).update(`${t}.{"a":1}`).digest('hex');
    const at = new Date(t * 1000);
    expect(signatureHeader([current, previous], '{"a":1}', at)).toBe(
      `t=${t},v1=${v1(current)},v1=${v1(previous)}`,
    );
    expect(signatureHeader([current], '{"a":1}', at)).toBe(signatureHeader(current, '{"a":1}', at));
  });
});
