import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PREVIEW_TTL_MS, previewLink, signPreview, verifyPreview } from './preview-token';

const key = randomBytes(32);
const ws = '01jd00000000000000000000ws';
const otherWs = '01jd00000000000000000000wt';
const exp = '01jd0000000000000000000e01';
const now = new Date('2026-11-27T14:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('experience preview tokens', () => {
  it('a token works in its workspace for its experience until it expires', () => {
    const { token, expiresAt } = signPreview(key, { workspaceId: ws, experienceId: exp }, now);
    expect(token).toMatch(/^[0-9a-z]{26}\.[0-9]+\.[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime()).toBe(now.getTime() + PREVIEW_TTL_MS);
    expect(verifyPreview(key, token, ws, now)).toEqual({ ok: true, experienceId: exp, expiresAt });
    expect(verifyPreview(key, token, ws, later(PREVIEW_TTL_MS - 1000)).ok).toBe(true);
    expect(verifyPreview(key, token, ws, later(PREVIEW_TTL_MS))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyPreview(key, token, ws, later(365 * 86_400_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses another workspace, another key and another experience', () => {
    const { token } = signPreview(key, { workspaceId: ws, experienceId: exp }, now);
    expect(verifyPreview(key, token, otherWs, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyPreview(randomBytes(32), token, ws, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const [, expires, mac] = token.split('.');
    const swapped = `01jd0000000000000000000e02.${expires}.${mac}`;
    expect(verifyPreview(key, swapped, ws, now)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a tampered expiry or signature, even one that moves the expiry later or earlier', () => {
    const { token } = signPreview(key, { workspaceId: ws, experienceId: exp }, now);
    const [id, expires, mac] = token.split('.') as [string, string, string];
    for (const e of [String(Number(expires) + 1), String(Number(expires) - 60)])
      expect(verifyPreview(key, `${id}.${e}.${mac}`, ws, now)).toEqual({
        ok: false,
        reason: 'bad_signature',
      });
    const flipped = (mac[0] === 'A' ? 'B' : 'A') + mac.slice(1);
    expect(verifyPreview(key, `${id}.${expires}.${flipped}`, ws, now)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('a token far in the future (not one this service issues) is expired whatever its signature', () => {
    const { token } = signPreview(key, { workspaceId: ws, experienceId: exp }, later(24 * 3_600_000));
    expect(verifyPreview(key, token, ws, now)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses every wrong shape before any MAC is computed', () => {
    const { token } = signPreview(key, { workspaceId: ws, experienceId: exp }, now);
    const [id, expires, mac] = token.split('.') as [string, string, string];
    const hostile: unknown[] = [
      undefined,
      null,
      42,
      ['a'],
      { token },
      '',
      token.toUpperCase(),
      `${token}.`,
      ` ${token}`,
      `${token}x`,
      `${id}.${expires}`,
      `${id}..${mac}`,
      `${id}.0${expires}.${mac}`,
      `${id}.-1.${mac}`,
      `${id}.${expires}.${mac}=`,
      `${id.slice(1)}.${expires}.${mac}`,
      `${id}.${expires}.${mac.slice(1)}`,
      `${id}.${expires}.${mac.slice(0, 42)}+`,
      `${id}.9999999999999.${mac}`,
      `${id}.${expires}.${mac}\u0000`,
      'a'.repeat(100_000),
      `../${id}.${expires}.${mac}`,
    ];
    for (const t of hostile)
      expect(verifyPreview(key, t, ws, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('signs only ids', () => {
    expect(() => signPreview(key, { workspaceId: 'x', experienceId: exp }, now)).toThrow();
    expect(() => signPreview(key, { workspaceId: ws, experienceId: `${exp}:` }, now)).toThrow();
  });

  it('the link carries the token first in the query and keeps the page query and hash byte for byte', () => {
    const t = 'TOKEN';
    expect(previewLink(new URL('https://app.example.com/p'), t)).toBe(
      'https://app.example.com/p?widget_preview=TOKEN',
    );
    expect(previewLink(new URL('https://app.example.com/p?a=1&b=x%20y+z#/r?q=1'), t)).toBe(
      'https://app.example.com/p?widget_preview=TOKEN&a=1&b=x%20y+z#/r?q=1',
    );
    expect(previewLink(new URL('https://app.example.com/?#h'), t)).toBe(
      'https://app.example.com/?widget_preview=TOKEN#h',
    );
  });
});
