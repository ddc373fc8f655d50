import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { identityHmac, MAX_TOKEN_BYTES, verifyIdentityHmac, verifyIdentityToken } from './identity-proof';

const SECRET = 'wis_test-secret-0123456789abcdefghijklmnopqrstuv';
const NOW = new Date('2026-11-01T12:00:00.000Z');
const nowSec = NOW.getTime() / 1000;
const key = new TextEncoder().encode(SECRET);

const sign = (claims: Record<string, unknown>, secret = key, alg = 'HS256') =>
  new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token assembled by hand: any header, any payload, an HMAC-SHA256 signature under `secret`. */
function handMade(header: object, payload: object, secret = SECRET): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

const failure = async (token: unknown, email = 'ada@example.com') => {
  const r = await verifyIdentityToken(SECRET, token, email, NOW);
  return r.ok ? 'ok' : r.failure;
};

describe('identity hmac', () => {
  it('is lower-case hex HMAC-SHA256 of the lower-cased email, compared in constant time', () => {
    const expected = createHmac('sha256', SECRET).update('ada@example.com').digest('hex');
    expect(identityHmac(SECRET, ' Ada@Example.COM ')).toBe(expected);
    expect(verifyIdentityHmac(SECRET, 'ada@example.com', expected)).toBe(true);
    expect(verifyIdentityHmac(SECRET, 'ADA@example.com', expected.toUpperCase())).toBe(true);
  });

  it('refuses a wrong secret, another email, truncation, padding and non-strings', () => {
    const good = identityHmac(SECRET, 'ada@example.com');
    expect(verifyIdentityHmac('other-secret', 'ada@example.com', good)).toBe(false);
    expect(verifyIdentityHmac(SECRET, 'bob@example.com', good)).toBe(false);
    expect(verifyIdentityHmac(SECRET, 'ada@example.com', good.slice(0, 63))).toBe(false);
    expect(verifyIdentityHmac(SECRET, 'ada@example.com', `${good}0`)).toBe(false);
    expect(verifyIdentityHmac(SECRET, 'ada@example.com', '')).toBe(false);
    for (const v of [null, undefined, 42, { hmac: good }, [good]]) {
      expect(verifyIdentityHmac(SECRET, 'ada@example.com', v)).toBe(false);
    }
    // Base64 of the same MAC is not the agreed encoding.
    const asB64 = createHmac('sha256', SECRET).update('ada@example.com').digest('base64');
    expect(verifyIdentityHmac(SECRET, 'ada@example.com', asB64)).toBe(false);
  });
});

describe('identity token', () => {
  it('accepts HS256 with exp within 24 hours and the same lower-case email; returns name and attributes', async () => {
    const token = await sign({
      email: 'ada@example.com',
      name: 'Ada',
      attributes: { plan: 'pro' },
      exp: nowSec + 3600,
    });
    expect(await verifyIdentityToken(SECRET, token, 'Ada@Example.com', NOW)).toEqual({
      ok: true,
      claims: { email: 'ada@example.com', name: 'Ada', attributes: { plan: 'pro' } },
    });
    expect(await failure(await sign({ email: 'ada@example.com', exp: nowSec + 24 * 3600 }))).toBe('ok');
  });

  it('refuses alg none, RS256 signed with the secret as an HMAC key, and HS512', async () => {
    const payload = { email: 'ada@example.com', exp: nowSec + 60 };
    expect(await failure(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).toBe('token_invalid');
    expect(await failure(`${b64({ alg: 'none' })}.${b64(payload)}`)).toBe('token_invalid');
    expect(await failure(handMade({ alg: 'RS256', typ: 'JWT' }, payload))).toBe('token_invalid');
    expect(await failure(handMade({ alg: 'hs256' }, payload))).toBe('token_invalid');
    expect(await failure(await sign(payload, key, 'HS512'))).toBe('token_invalid');
    // The same hand-made token with the right header is accepted: the refusals above are the algorithm.
    expect(await failure(handMade({ alg: 'HS256', typ: 'JWT' }, payload))).toBe('ok');
  });

  it('refuses expired, missing, non-numeric and far-future exp', async () => {
    expect(await failure(await sign({ email: 'ada@example.com', exp: nowSec - 1 }))).toBe('token_expired');
    expect(await failure(await sign({ email: 'ada@example.com' }))).toBe('token_exp_missing');
    expect(await failure(handMade({ alg: 'HS256' }, { email: 'ada@example.com', exp: 'soon' }))).toBe(
      'token_invalid',
    );
    expect(await failure(await sign({ email: 'ada@example.com', exp: nowSec + 24 * 3600 + 61 }))).toBe(
      'token_exp_too_far',
    );
    expect(await failure(await sign({ email: 'ada@example.com', exp: nowSec + 365 * 24 * 3600 }))).toBe(
      'token_exp_too_far',
    );
  });

  it('refuses an email that differs, is not lower-case in the token, or is missing', async () => {
    const exp = nowSec + 60;
    expect(await failure(await sign({ email: 'bob@example.com', exp }))).toBe('token_email_mismatch');
    expect(await failure(await sign({ email: 'Ada@example.com', exp }), 'Ada@example.com')).toBe(
      'token_email_mismatch',
    );
    expect(await failure(await sign({ exp }))).toBe('token_email_mismatch');
    expect(await failure(await sign({ email: ['ada@example.com'], exp }))).toBe('token_email_mismatch');
  });

  it('refuses tampered payloads, wrong secrets, bad base64 and garbage', async () => {
    const token = await sign({ email: 'bob@example.com', exp: nowSec + 60 });
    const [h, , s] = token.split('.');
    expect(await failure(`${h}.${b64({ email: 'ada@example.com', exp: nowSec + 60 })}.${s}`)).toBe(
      'token_invalid',
    );
    const other = new TextEncoder().encode('another-secret-of-sufficient-length-0000');
    expect(await failure(await sign({ email: 'ada@example.com', exp: nowSec + 60 }, other))).toBe(
      'token_invalid',
    );
    for (const junk of ['', 'a.b.c', '!!!.???.***', `${h}.%%%.${s}`, 'x'.repeat(500), '...', null, 7, {}]) {
      expect(await failure(junk)).toBe('token_invalid');
    }
  });

  it('refuses a token over 64 KB before parsing it, and accepts one just under', async () => {
    const big = await sign({ email: 'ada@example.com', exp: nowSec + 60, pad: 'x'.repeat(MAX_TOKEN_BYTES) });
    expect(await failure(big)).toBe('token_too_large');
    expect(await failure('x'.repeat(MAX_TOKEN_BYTES + 1))).toBe('token_too_large');
    const fits = await sign({ email: 'ada@example.com', exp: nowSec + 60, pad: 'x'.repeat(40_000) });
    expect(await failure(fits)).toBe('ok');
  });
});
