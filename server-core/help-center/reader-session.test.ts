import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  mintReaderCookie,
  READER_SESSION_SECONDS,
  readerCookieValid,
  verifyVisitorJwt,
} from './reader-session';

const SECRET = 'hcs_current-secret-of-workspace-a-0123456789abcdef';
const now = new Date('2026-11-27T12:00:00Z');
const at = (s: number) => Math.floor(now.getTime() / 1000) + s;
const key = (secret: string) => new TextEncoder().encode(secret);
const mint = (secret = SECRET, exp: number | null = at(300), alg = 'HS256') => {
  const jwt = new SignJWT({ sub: 'user-42' }).setProtectedHeader({ alg }).setIssuedAt(at(0));
  if (exp !== null) jwt.setExpirationTime(exp);
  return jwt.sign(key(secret));
};

describe('verifyVisitorJwt', () => {
  it('accepts HS256 with the current secret and an exp ahead', async () => {
    expect(await verifyVisitorJwt(await mint(), SECRET, now)).toBe(true);
  });

  it('refuses forged, expired, exp-less, other-workspace, none-algorithm and other-algorithm tokens', async () => {
    const good = await mint();
    const [h, p] = good.split('.') as [string, string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'admin', exp: at(300) })).toString('base64url');
    const refused = {
      forged: `${h}.${forgedPayload}.${good.split('.')[2]}`,
      badSignature: `${h}.${p}.${'A'.repeat(43)}`,
      expired: await mint(SECRET, at(-1)),
      expiresNow: await mint(SECRET, at(0)),
      noExp: await mint(SECRET, null),
      otherWorkspace: await mint('hcs_secret-of-workspace-b-0123456789abcdefgh'),
      none: new UnsecuredJWT({ sub: 'x' }).setExpirationTime(at(300)).encode(),
      noneWithSignature: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.${good.split('.')[2]}`,
      hs512: await mint(SECRET, at(300), 'HS512'),
      empty: '',
      garbage: 'not.a.jwt',
      huge: `${h}.${'a'.repeat(9000)}.x`,
    };
    for (const [name, token] of Object.entries(refused))
      expect(await verifyVisitorJwt(token, SECRET, now), name).toBe(false);
  });
});

describe('reader cookie', () => {
  const k = { secret: SECRET, generation: 3, workspaceId: 'WS_A' };

  it('is valid for its workspace, secret and generation until it expires', () => {
    const cookie = mintReaderCookie(k, now);
    expect(readerCookieValid(cookie, k, now)).toBe(true);
    expect(readerCookieValid(cookie, k, new Date(now.getTime() + (READER_SESSION_SECONDS - 1) * 1000))).toBe(
      true,
    );
    expect(readerCookieValid(cookie, k, new Date(now.getTime() + READER_SESSION_SECONDS * 1000))).toBe(false);
  });

  it('fails after a rotation, in another workspace, and when tampered with', () => {
    const cookie = mintReaderCookie(k, now);
    expect(readerCookieValid(cookie, { ...k, secret: 'hcs_rotated', generation: 4 }, now)).toBe(false);
    expect(readerCookieValid(cookie, { ...k, generation: 4 }, now)).toBe(false);
    expect(readerCookieValid(cookie, { ...k, workspaceId: 'WS_B' }, now)).toBe(false);
    const [g, exp, mac] = cookie.split('.') as [string, string, string];
    expect(readerCookieValid(`${g}.${Number(exp) + 86400}.${mac}`, k, now)).toBe(false);
    expect(readerCookieValid(`${g}.${exp}.${mac.replace(/.$/, mac.endsWith('0') ? '1' : '0')}`, k, now)).toBe(
      false,
    );
    for (const bad of [undefined, '', 'x', `${cookie}.`, cookie.toUpperCase(), 'a'.repeat(300)])
      expect(readerCookieValid(bad, k, now)).toBe(false);
  });

  it('is no visitor JWT and a visitor JWT is no cookie', async () => {
    expect(readerCookieValid(await mint(), k, now)).toBe(false);
    expect(await verifyVisitorJwt(mintReaderCookie(k, now), SECRET, now)).toBe(false);
  });
});
