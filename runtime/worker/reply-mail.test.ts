import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, makeTestApp, signIn } from '../../bff/testing/services';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { createConversation } from '../../server-core/conversations/write-conversations';
import { SEND_MAIL_JOB } from '../../server-core/mail/enqueue-mail';
import { parseReplyAddress, replyMacValid } from '../../server-core/mail/reply-address';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { createSmtpTransport } from '../mail/smtp-transport';
import { startSmtpPeer } from '../testing/smtp-peer';
import { testWorkerDeps } from '../testing/worker-deps';
import { defaultHandlers } from './handlers';
import { runWorkerOnce } from './loop';

const handlers = { [SEND_MAIL_JOB]: defaultHandlers()[SEND_MAIL_JOB]! };

describeDb('a staff reply to an away visitor, by mail through a real SMTP server', (getDb) => {
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

  it('arrives with a signed Reply-To and a working one-click List-Unsubscribe', async () => {
    const db = getDb();
    const t = makeTestApp(db, { INBOUND_MAIL_DOMAIN: 'in.example.test' });
    const ws = await makeWorkspace(db, t.clock.now());
    const ctx = testCtx(db, ws.id, t.clock);
    const to = `ada-${ws.id}@example.test`;
    const { contact } = await upsertContact(ctx, { email: to });
    const conv = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'widget',
      subject: 'Refunds',
    });
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const res = await t.app.request(`/api/v1/workspaces/${ws.id}/conversations/${conv.id}/replies`, {
      method: 'POST',
      ...json({ body: 'Your refund is on its way.' }, s.headers),
    });
    expect(res.status, await res.clone().text()).toBe(201);

    const before = peer.received.length;
    peer.refuseWith(null);
    const deps = {
      ...testWorkerDeps(db, t.clock),
      mail: { transport: smtp, from: 'Support <help@example.test>' },
    };
    expect(await runWorkerOnce(deps, 'w', { handlers, dispatch: false })).toBe(1);
    const [got] = (await peer.waitFor(before + 1)).slice(before);
    expect(got!.envelope.to).toEqual([to]);
    expect(got!.parsed.subject).toBe('Re: Refunds');
    expect(got!.parsed.text).toContain('Your refund is on its way.');
    const replyTo = got!.parsed.replyTo!.value[0]!.address!;
    const claimed = parseReplyAddress(replyTo, 'in.example.test')!;
    expect(claimed.conversationId).toBe(conv.id);
    expect(replyMacValid(t.services.keys.mailLinks, ws.id, claimed)).toBe(true);
    // Unfolded: a long header may continue on indented lines.
    const head = got!.raw
      .toString('utf8')
      .split('\r\n\r\n')[0]!
      .replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <([^>]+)>$/m.exec(head)![1]!.replace(/\s+/g, '');

    // The client's one-click POST to that link unsubscribes the contact.
    const un = await t.app.request(new URL(link).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(un.status).toBe(200);
    const [row] = await db.query<{ unsubscribed: boolean }>(
      'select unsubscribed from contacts where workspace_id = $1 and id = $2',
      [ws.id, contact.id],
    );
    expect(row!.unsubscribed).toBe(true);
  });
});
