import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, manualClock } from '../../server-core/lib/clock';
import { listDevInbox } from '../../server-core/mail/dev-inbox';
import { enqueueMail, SEND_MAIL_ATTEMPTS, SEND_MAIL_JOB } from '../../server-core/mail/enqueue-mail';
import type { OutgoingMail } from '../../server-core/mail/outgoing-mail';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { createSmtpTransport } from '../mail/smtp-transport';
import { startSmtpPeer } from '../testing/smtp-peer';
import { testWorkerDeps } from '../testing/worker-deps';
import { defaultHandlers } from './handlers';
import { runWorkerOnce } from './loop';

const handlers = { [SEND_MAIL_JOB]: defaultHandlers()[SEND_MAIL_JOB]! };

const mail = (workspaceId: string | null, to: string): OutgoingMail => ({
  workspaceId,
  kind: 'conversation_reply',
  to,
  subject: 'Re: your question about refunds',
  text: 'Hello,\n\nOpen https://support.example.test/c/1 to read the reply.\n',
  html: '<p>Hello,</p><p>Open <a href="https://support.example.test/c/1">the reply</a>.</p>',
  replyTo: 'reply+token@in.example.test',
  headers: {
    'List-Unsubscribe': '<https://support.example.test/u/1>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
});

const stateOf = async (db: ReturnType<typeof testWorkerDeps>['db'], id: string) =>
  (
    await db.query<{ state: string; attempts: number; last_error: string | null }>(
      'select state, attempts, last_error from mail_outbox where id = $1',
      [id],
    )
  )[0];

describeDb('the mail outbox', (getDb) => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  let smtp: ReturnType<typeof createSmtpTransport>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    smtp = createSmtpTransport(peer.url);
  });
  afterAll(async () => {
    smtp.close();
    await peer.close();
  });

  const depsWith = (clock: ReturnType<typeof manualClock>, withSmtp: boolean) => ({
    ...testWorkerDeps(getDb(), clock),
    mail: withSmtp ? { transport: smtp, from: 'Support <help@support.example.test>' } : null,
  });

  it('sends a committed mail through a real SMTP server with its Reply-To and extra headers', async () => {
    const db = getDb();
    const clock = manualClock();
    const ws = await makeWorkspace(db, clock.now());
    const to = `ada-${ws.id.toLowerCase()}@example.test`;
    const { id } = await enqueueMail(db, clock.now(), mail(ws.id, to));
    peer.refuseWith(null);
    const before = peer.received.length;
    expect(await runWorkerOnce(depsWith(clock, true), 'w', { handlers, dispatch: false })).toBe(1);
    const [got] = (await peer.waitFor(before + 1)).slice(before);
    expect(got!.envelope.to).toEqual([to]);
    expect(got!.parsed.subject).toBe('Re: your question about refunds');
    expect(got!.parsed.from?.value).toEqual([{ name: 'Support', address: 'help@support.example.test' }]);
    expect(got!.parsed.replyTo?.text).toBe('reply+token@in.example.test');
    const head = got!.raw.toString('utf8').split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^List-Unsubscribe: <https:\/\/support\.example\.test\/u\/1>$/m);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(got!.parsed.text).toContain('https://support.example.test/c/1');
    expect(await stateOf(db, id)).toMatchObject({ state: 'sent', attempts: 1, last_error: null });
    // A second run of the same job (a retry after a crash) does not send again.
    expect(await runWorkerOnce(depsWith(clock, true), 'w', { handlers, dispatch: false })).toBe(0);
  });

  it('writes nothing when the transaction that asked for the mail rolls back', async () => {
    const db = getDb();
    const clock = manualClock();
    const ws = await makeWorkspace(db, clock.now());
    const to = `rollback-${ws.id.toLowerCase()}@example.test`;
    await expect(
      db.tx(async (tx) => {
        await enqueueMail(tx, clock.now(), mail(ws.id, to));
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await listDevInbox(db, { limit: 10, to })).toEqual([]);
    expect(
      await db.query(`select 1 from jobs where kind = $1 and workspace_id = $2`, [SEND_MAIL_JOB, ws.id]),
    ).toEqual([]);
  });

  it('holds mail for the dev inbox when no SMTP relay is configured', async () => {
    const db = getDb();
    const clock = manualClock();
    const to = `held-${Date.now()}@example.test`;
    const { id } = await enqueueMail(db, clock.now(), { ...mail(null, to), kind: 'password_reset' });
    expect(await runWorkerOnce(depsWith(clock, false), 'w', { handlers, dispatch: false })).toBe(1);
    expect(await stateOf(db, id)).toMatchObject({ state: 'held', attempts: 0 });
    const [shown] = await listDevInbox(db, { limit: 10, to: to.toUpperCase() });
    expect(shown).toMatchObject({ id, kind: 'password_reset', to, state: 'held', workspace_id: null });
    expect(shown!.text).toContain('https://support.example.test/c/1');
  });

  it('fails a mail the relay refuses for good at once, and retries a temporary refusal until the last attempt', async () => {
    const db = getDb();
    const clock = manualClock();
    const ws = await makeWorkspace(db, clock.now());
    const permanent = await enqueueMail(
      db,
      clock.now(),
      mail(ws.id, `p-${ws.id.toLowerCase()}@example.test`),
    );
    peer.refuseWith(550);
    expect(await runWorkerOnce(depsWith(clock, true), 'w', { handlers, dispatch: false })).toBe(1);
    expect(await stateOf(db, permanent.id)).toMatchObject({ state: 'failed', attempts: 1 });
    expect((await stateOf(db, permanent.id))!.last_error).toMatch(/550/);

    const temporary = await enqueueMail(
      db,
      clock.now(),
      mail(ws.id, `t-${ws.id.toLowerCase()}@example.test`),
    );
    peer.refuseWith(451);
    for (let attempt = 1; attempt <= SEND_MAIL_ATTEMPTS; attempt++) {
      expect(await runWorkerOnce(depsWith(clock, true), 'w', { handlers, dispatch: false })).toBe(1);
      const row = await stateOf(db, temporary.id);
      expect(row).toMatchObject({
        attempts: attempt,
        state: attempt < SEND_MAIL_ATTEMPTS ? 'pending' : 'failed',
      });
      clock.advance(DAY);
    }
    peer.refuseWith(null);
  });
});

describe('enqueueMail', () => {
  it('refuses header injection and address lists before anything is written', async () => {
    const db = { query: () => Promise.reject(new Error('must not be reached')) } as never;
    const base = mail(null, 'ada@example.test');
    for (const bad of [
      { ...base, to: 'ada@example.test\r\nBcc: eve@evil.test' },
      { ...base, to: 'ada@example.test, eve@evil.test' },
      { ...base, to: 'Ada <ada@example.test>' },
      { ...base, subject: 'Hi\r\nBcc: eve@evil.test' },
      { ...base, replyTo: 'x@example.test\nTo: eve@evil.test' },
      { ...base, headers: { Bcc: 'eve@evil.test' } },
      { ...base, headers: { 'X-Note': 'a\r\nBcc: eve@evil.test' } },
      { ...base, headers: { 'X Bad': 'a' } },
      { ...base, kind: 'Password Reset' },
      { ...base, text: 'x'.repeat(600 * 1024) },
    ])
      await expect(enqueueMail(db, new Date(), bad)).rejects.toThrow(/unsendable mail/);
  });
});
