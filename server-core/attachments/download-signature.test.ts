import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_TTL_MS, signDownload, verifyDownload } from './download-signature';

const key = randomBytes(32);
const id = '01jd0000000000000000000000';
const now = new Date('2026-11-27T14:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

function presented(link: { expires: number; signature: string }, attachmentId = id) {
  return { attachmentId, expires: String(link.expires), signature: link.signature };
}

describe('signed download links', () => {
  it('a link works for its audience until it expires', () => {
    const link = signDownload(key, id, now);
    expect(link.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.expires).toBe((now.getTime() + DOWNLOAD_LINK_TTL_MS) / 1000);
    expect(verifyDownload(key, presented(link), now)).toBe('valid');
    expect(verifyDownload(key, presented(link), later(DOWNLOAD_LINK_TTL_MS - 1000))).toBe('valid');
    expect(verifyDownload(key, presented(link), later(DOWNLOAD_LINK_TTL_MS))).toBe('expired');
    expect(verifyDownload(key, presented(link), later(365 * 86_400_000))).toBe('expired');
  });

  it('refuses another key and another id', () => {
    const link = signDownload(key, id, now);
    expect(verifyDownload(randomBytes(32), presented(link), now)).toBe('bad_signature');
    expect(verifyDownload(key, presented(link, '01jd0000000000000000000001'), now)).toBe('bad_signature');
  });

  it('refuses a tampered expiry, past or far future', () => {
    const link = signDownload(key, id, now);
    expect(verifyDownload(key, { ...presented(link), expires: String(link.expires + 1) }, now)).toBe(
      'bad_signature',
    );
    expect(verifyDownload(key, { ...presented(link), expires: String(link.expires - 3600) }, now)).toBe(
      'bad_signature',
    );
    // Even correctly signed (a leaked key, a clock far behind at signing), a link may not outlive the TTL.
    const farFuture = signDownload(key, id, later(30 * 86_400_000));
    expect(verifyDownload(key, presented(farFuture), now)).toBe('expired');
    const past = signDownload(key, id, later(-2 * DOWNLOAD_LINK_TTL_MS));
    expect(verifyDownload(key, presented(past), now)).toBe('expired');
  });

  it('refuses a tampered signature of the right shape', () => {
    const link = signDownload(key, id, now);
    const flipped = (link.signature[0] === 'A' ? 'B' : 'A') + link.signature.slice(1);
    expect(verifyDownload(key, { ...presented(link), signature: flipped }, now)).toBe('bad_signature');
  });

  it.each([
    { attachmentId: id.toUpperCase() },
    { attachmentId: '../../etc/passwd' },
    { attachmentId: null },
    { attachmentId: ['01jd0000000000000000000000'] },
    { expires: '' },
    { expires: '-1' },
    { expires: '0' },
    { expires: '01' },
    { expires: '1e12' },
    { expires: '1799999999.5' },
    { expires: ' 1799999999' },
    { expires: '9'.repeat(13) },
    { expires: 1799999999 },
    { signature: '' },
    { signature: 'x'.repeat(42) },
    { signature: 'x'.repeat(44) },
    { signature: `${'x'.repeat(42)}=` },
    { signature: `${'x'.repeat(42)}/` },
    { signature: `${'é'.repeat(43)}` },
    { signature: undefined },
  ])('malformed: %j', (patch) => {
    const link = signDownload(key, id, now);
    expect(verifyDownload(key, { ...presented(link), ...patch }, now)).toBe('malformed');
  });

  it('never signs something that is not an id', () => {
    expect(() => signDownload(key, '../x', now)).toThrow();
  });
});
