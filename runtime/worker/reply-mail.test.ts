import { expect, it } from 'vitest';
import { makeTestApp } from '../../bff/testing/services';
import { parseReplyAddress, replyMacValid } from '../../server-core/mail/reply-address';
import { describeDb } from '../../server-core/testing/db';
import { mailStaffReply, useSmtpPeer } from '../testing/mailed-staff-reply';

describeDb('a staff reply to an away visitor, by mail through a real SMTP server', (getDb) => {
  const smtpPeer = useSmtpPeer();

  it('arrives with a signed Reply-To and a working one-click List-Unsubscribe', async () => {
    const db = getDb();
    const t = makeTestApp(db, { INBOUND_MAIL_DOMAIN: 'in.example.test' });
    const { ws, conv, contact, mail: got } = await mailStaffReply(db, t, smtpPeer());
    expect(got.parsed.subject).toBe('Re: Refunds');
    expect(got.parsed.text).toContain('Your refund is on its way.');
    const replyTo = got.parsed.replyTo!.value[0]!.address!;
    const claimed = parseReplyAddress(replyTo, 'in.example.test')!;
    expect(claimed.conversationId).toBe(conv.id);
    expect(replyMacValid(t.services.keys.mailLinks, ws.id, claimed)).toBe(true);
    // Unfolded: a long header may continue on indented lines.
    const head = got.raw
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
