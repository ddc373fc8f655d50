import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import { MINUTE } from '../lib/clock';
import { deriveKey } from '../lib/crypto';
import { parseReplyAddress, replyMacValid } from '../mail/reply-address';
import { readUnsubscribeToken } from '../mail/unsubscribe-link';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { replyToConversation } from './reply-to-conversation';
import { createConversation } from './write-conversations';

const linkKey = deriveKey(Buffer.alloc(32, 9), 'mail-links');
const settings = { linkKey, publicUrl: 'https://support.example.com/', inboundDomain: 'in.example.com' };

describeDb('staff replies mailed to away contacts', (getDb) => {
  it('mails an away contact with a signed Reply-To and one-click List-Unsubscribe; not a reader, not the unsubscribed', async () => {
    const db = getDb();
    const ctx = testCtx(db, (await makeWorkspace(db)).id);
    const { contact } = await upsertContact(ctx, { email: 'ada@example.com' });
    const conv = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'widget',
      subject: 'Invoices',
    });
    const outbox = () =>
      db.query<{
        to_address: string;
        subject: string;
        text_body: string;
        reply_to: string | null;
        headers: Record<string, string>;
      }>(
        `select to_address, subject, text_body, reply_to, headers from mail_outbox where workspace_id = $1 order by id`,
        [ctx.workspaceId],
      );

    await replyToConversation(
      ctx,
      { conversationId: conv.id, body: 'Here is how to export them.' },
      settings,
    );
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to_address: 'ada@example.com', subject: 'Re: Invoices' });
    expect(mail!.text_body).toContain('Here is how to export them.');
    const claimed = parseReplyAddress(mail!.reply_to!, 'in.example.com')!;
    expect(claimed.conversationId).toBe(conv.id);
    expect(replyMacValid(linkKey, ctx.workspaceId, claimed)).toBe(true);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https:\/\/support\.example\.com\/hooks\/email\/unsubscribe\/(.+))>$/.exec(
      mail!.headers['List-Unsubscribe']!,
    )!;
    expect(readUnsubscribeToken(linkKey, url[2]!)).toEqual({
      workspaceId: ctx.workspaceId,
      contactId: contact.id,
    });

    // The visitor read the conversation a minute ago: present, no mail.
    await db.query('update conversations set visitor_read_at = $3 where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      conv.id,
      new Date(ctx.clock.now().getTime() - MINUTE),
    ]);
    await replyToConversation(ctx, { conversationId: conv.id, body: 'Still there?' }, settings);
    expect(await outbox()).toHaveLength(1);
    // Away again, but unsubscribed: no mail. Without settings (ops replies): no mail.
    ctx.clock.advance(10 * MINUTE);
    await db.query('update contacts set unsubscribed = true where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      contact.id,
    ]);
    await replyToConversation(ctx, { conversationId: conv.id, body: 'Bye' }, settings);
    await db.query('update contacts set unsubscribed = false where workspace_id = $1 and id = $2', [
      ctx.workspaceId,
      contact.id,
    ]);
    await replyToConversation(ctx, { conversationId: conv.id, body: 'No settings' });
    expect(await outbox()).toHaveLength(1);
    // Without an inbound domain: mailed, without a Reply-To.
    await replyToConversation(
      ctx,
      { conversationId: conv.id, body: 'Again' },
      { ...settings, inboundDomain: null },
    );
    const mails = await outbox();
    expect(mails).toHaveLength(2);
    expect(mails[1]!.reply_to).toBeNull();
  });
});
