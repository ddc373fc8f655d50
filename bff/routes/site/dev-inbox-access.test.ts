import { describe, expect, it } from 'vitest';
import { mayReadDevInbox } from './dev-inbox-access';

const ask = (
  socketAddress: string | undefined,
  headers: Record<string, string> = {},
  smtpConfigured = false,
) => mayReadDevInbox({ smtpConfigured, socketAddress, header: (n) => headers[n.toLowerCase()] });

describe('who may read the dev inbox', () => {
  it('a loopback socket that no proxy forwarded, while no SMTP relay is configured', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.8.9.10'])
      expect(ask(address)).toBe(true);
  });

  it('nobody once SMTP_URL is set', () => {
    expect(ask('127.0.0.1', {}, true)).toBe(false);
  });

  it('no other address, no request without a socket, and nothing a proxy forwarded', () => {
    for (const address of [
      undefined,
      '',
      '10.0.0.1',
      '192.168.1.2',
      '::ffff:10.0.0.1',
      'fe80::1',
      'localhost',
      '0.0.0.0',
    ])
      expect(ask(address)).toBe(false);
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'via'])
      expect(ask('127.0.0.1', { [header]: '203.0.113.9' })).toBe(false);
  });
});
