import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../bff/config';
import { silentLogger } from '../bff/logger';
import { enqueueMail } from '../server-core/mail/enqueue-mail';
import { type RunningServer, startServer } from './server';
import { fakeBundle } from './testing/fake-bundle';
import { startSmtpPeer } from './testing/smtp-peer';

const start = (env: Record<string, string> = {}) =>
  startServer({
    config: loadConfig({
      PORT: '0',
      DEMO: 'off',
      LOG_LEVEL: 'error',
      DATA_DIR: join(mkdtempSync(join(tmpdir(), 'inbox-')), 'data'),
      ...env,
    }),
    logger: silentLogger,
    widgetDistDir: fakeBundle({ widgetApiUrl: '' }),
  });

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition never met');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const reset = {
  workspaceId: null,
  kind: 'password_reset',
  to: 'ada@example.test',
  subject: 'Reset your password',
  text: 'Choose a new password: http://localhost/app/reset#token=abc <not a link>',
};

describe('the dev inbox of a server without SMTP_URL', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await start();
  }, 60_000);
  afterAll(() => server?.close());

  it('shows what the in-process worker held, as a page with clickable links and as JSON', async () => {
    await enqueueMail(server.db, new Date(), reset);
    const mail = await until(async () => {
      const res = await fetch(`${server.url}/dev/inbox/messages?to=ada@example.test`);
      const body = (await res.json()) as { data: { state: string; subject: string }[] };
      return body.data.find((m) => m.state === 'held');
    });
    expect(mail.subject).toBe('Reset your password');
    const page = await fetch(`${server.url}/dev/inbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).toContain('<a href="http://localhost/app/reset#token=abc">');
    expect(html).toContain('&#60;not a link&#62;');
  });

  it('refuses what a proxy forwarded, and a malformed address filter', async () => {
    for (const headers of [
      ['X-Forwarded-For', '203.0.113.9'],
      ['Forwarded', 'for=203.0.113.9'],
    ] as [string, string][]) {
      const init = { headers: [headers] };
      const res = await fetch(`${server.url}/dev/inbox/messages`, init);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await fetch(`${server.url}/dev/inbox/messages?to=a,b@example.test`)).status).toBe(422);
  });
});

describe('a server with SMTP_URL', () => {
  it('sends the outbox through the relay, and has no dev inbox', async () => {
    const peer = await startSmtpPeer();
    const server = await start({ SMTP_URL: peer.url, MAIL_FROM: 'Help <help@example.test>' });
    try {
      await enqueueMail(server.db, new Date(), reset);
      const [got] = await peer.waitFor(1, 20_000);
      expect(got!.parsed.subject).toBe('Reset your password');
      expect(got!.envelope).toEqual({ from: 'help@example.test', to: ['ada@example.test'] });
      expect((await fetch(`${server.url}/dev/inbox`)).status).toBe(404);
    } finally {
      await server.close();
      await peer.close();
    }
  }, 60_000);
});
