import { describe, expect, it } from 'vitest';
import { deriveKey } from '../lib/crypto';
import { parseReplyAddress, replyAddress, replyMacValid } from './reply-address';

const key = deriveKey(Buffer.alloc(32, 7), 'mail-reply-address');
const other = deriveKey(Buffer.alloc(32, 8), 'mail-reply-address');
const ws = '01m6bhr39yfvw8g1d4g2ns1e0p';
const conv = '01M6BHSK6G9P1CXJ2VMZV913B2';

describe('reply addresses', () => {
  it('round-trips, lower-case, under 64 characters of local part, case-folded on the way back', () => {
    const address = replyAddress(key, 'In.Example.com', ws, conv);
    expect(address).toMatch(/^reply\+01m6bhsk6g9p1cxj2vmzv913b2\.[0-9a-f]{20}@in\.example\.com$/);
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    const claimed = parseReplyAddress(address.toUpperCase(), 'in.example.com')!;
    expect(claimed.conversationId).toBe(conv.toLowerCase());
    expect(replyMacValid(key, ws, claimed)).toBe(true);
  });

  it('refuses forgeries: another key, another workspace, an edited conversation or mac, another domain, junk', () => {
    const address = replyAddress(key, 'in.example.com', ws, conv);
    const claimed = parseReplyAddress(address, 'in.example.com')!;
    expect(replyMacValid(other, ws, claimed)).toBe(false);
    expect(replyMacValid(key, '01m6bhr39yfvw8g1d4g2ns1e0q', claimed)).toBe(false);
    const edited = { ...claimed, conversationId: claimed.conversationId.replace(/2$/, '3') };
    expect(replyMacValid(key, ws, edited)).toBe(false);
    const flipped = { ...claimed, mac: (claimed.mac[0] === '0' ? '1' : '0') + claimed.mac.slice(1) };
    expect(replyMacValid(key, ws, flipped)).toBe(false);
    expect(parseReplyAddress(address, 'evil.example.com')).toBeNull();
    for (const junk of [
      '',
      'reply+@in.example.com',
      'reply+x.y@in.example.com',
      `reply+${conv}@in.example.com`,
      'support@in.example.com',
    ])
      expect(parseReplyAddress(junk, 'in.example.com')).toBeNull();
  });
});
