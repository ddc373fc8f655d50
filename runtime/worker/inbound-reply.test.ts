import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, makeTestApp, signIn } from '../../bff/testing/services';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { createConversation } from '../../server-core/conversations/write-conversations';
import { SEND_MAIL_JOB } from '../../server-core/mail/enqueue-mail';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { createSmtpTransport } from '../mail/smtp-transport';
import { startSmtpPeer } from '../testing/smtp-peer';
import { testWorkerDeps } from '../testing/worker-deps';
import { defaultHandlers } from './handlers';
import { runWorkerOnce } from './loop';

const handlers = { [SEND_MAIL_JOB]: defaultHandlers()[SEND_MAIL_JOB]! };
const DOMAIN = 'in.example.test';
const SECRET = 'round-trip-inbound-secret-0123456789abcdef';

describeDb('a staff reply out through SMTP, the visitor’s answer back through inboundEmail', (getDb) => {
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

  it('the answer to the received Reply-To lands in the same conversation as the contact’s message', async () => {
    const db = getDb();
    const t = makeTestApp(db, { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAIL_SECRET: SECRET });
    const ws = await makeWorkspace(db, t.clock.now());
    const ctx = testCtx(db, ws.id, t.clock);
    const address = `ada-${ws.id}@example.test`;
    const { contact } = await upsertContact(ctx, { email: address });
    const conv = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'widget',
      subject: 'Refunds',
    });
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const sent = await t.app.request(`/api/v1/workspaces/${ws.id}/conversations/${conv.id}/replies`, {
      method: 'POST',
      ...json({ body: 'Your refund is on its way.' }, s.headers),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);

    const before = peer.received.length;
    peer.refuseWith(null);
    const deps = {
      ...testWorkerDeps(db, t.clock),
      mail: { transport: smtp, from: 'Support <help@example.test>' },
    };
    expect(await runWorkerOnce(deps, 'w', { handlers, dispatch: false })).toBe(1);
    const [got] = (await peer.waitFor(before + 1)).slice(before);
    expect(got!.envelope.to).toEqual([address]);
    const replyTo = got!.parsed.replyTo!.value[0]!.address!;
    expect(replyTo.endsWith(`@${DOMAIN}`)).toBe(true);

    // The visitor's mail client answers: To the Reply-To, quoting the staff reply.
    const answer = await new MailComposer({
      from: `Ada <${address}>`,
      to: replyTo,
      subject: `Re: ${got!.parsed.subject}`,
      inReplyTo: got!.parsed.messageId,
      references: got!.parsed.messageId,
      text: `Thank you, it arrived.\n\n> ${got!.parsed.text?.split('\n')[0] ?? ''}`,
    })
      .compile()
      .build();
    t.clock.advance(60_000);
    const res = await t.app.request('/hooks/email/inbound', {
      method: 'POST',
      headers: { 'Content-Type': 'message/rfc822', Authorization: `Bearer ${SECRET}` },
      body: new Uint8Array(answer),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(
      ((await res.json()) as { data: { conversation_id: string; created: boolean } }).data,
    ).toMatchObject({
      conversation_id: conv.id,
      created: false,
    });
    const messages = await db.query<{
      direction: string;
      author_type: string;
      author_id: string;
      body: string;
    }>(
      `select direction, author_type, author_id, body from conversation_messages
       where workspace_id = $1 and conversation_id = $2 order by id`,
      [ws.id, conv.id],
    );
    expect(messages.map((m) => [m.direction, m.author_type])).toEqual([
      ['out', 'agent'],
      ['in', 'contact'],
    ]);
    expect(messages[1]!.author_id).toBe(contact.id);
    expect(messages[1]!.body).toMatch(/^Thank you, it arrived\./);
    // Staff see it in the conversation as the contact's message.
    const view = await t.app.request(`/api/v1/workspaces/${ws.id}/conversations/${conv.id}`, {
      headers: s.headers,
    });
    expect(view.status).toBe(200);
    expect(await view.text()).toContain('Thank you, it arrived.');
  });
});
