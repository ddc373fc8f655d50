import MailComposer from 'nodemailer/lib/mail-composer';
import { expect, it } from 'vitest';
import { makeTestApp } from '../../bff/testing/services';
import { describeDb } from '../../server-core/testing/db';
import { mailStaffReply, useSmtpPeer } from '../testing/mailed-staff-reply';

const DOMAIN = 'in.example.test';
const SECRET = 'round-trip-inbound-secret-0123456789abcdef';

describeDb('a staff reply out through SMTP, the visitor’s answer back through inboundEmail', (getDb) => {
  const smtpPeer = useSmtpPeer();

  it('the answer to the received Reply-To lands in the same conversation as the contact’s message', async () => {
    const db = getDb();
    const t = makeTestApp(db, { INBOUND_MAIL_DOMAIN: DOMAIN, INBOUND_MAIL_SECRET: SECRET });
    const { ws, conv, contact, address, session: s, mail: got } = await mailStaffReply(db, t, smtpPeer());
    const replyTo = got.parsed.replyTo!.value[0]!.address!;
    expect(replyTo.endsWith(`@${DOMAIN}`)).toBe(true);

    // The visitor's mail client answers: To the Reply-To, quoting the staff reply.
    const answer = await new MailComposer({
      from: `Ada <${address}>`,
      to: replyTo,
      subject: `Re: ${got.parsed.subject}`,
      inReplyTo: got.parsed.messageId,
      references: got.parsed.messageId,
      text: `Thank you, it arrived.\n\n> ${got.parsed.text?.split('\n')[0] ?? ''}`,
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
