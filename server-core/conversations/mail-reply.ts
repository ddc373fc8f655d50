import type { Ctx } from '../context';
import { MINUTE } from '../lib/clock';
import { enqueueMail } from '../mail/enqueue-mail';
import { isMailAddress } from '../mail/outgoing-mail';
import { replyAddress } from '../mail/reply-address';
import { listUnsubscribeHeaders, unsubscribeToken } from '../mail/unsubscribe-link';

/** A visitor who has not read the conversation for this long is away: a staff reply goes out by mail. */
export const AWAY_AFTER_MS = 5 * MINUTE;

/** What mailing a reply needs from the instance: the link key, the public URL, the inbound mail domain. */
export interface ReplyMailSettings {
  linkKey: Buffer;
  publicUrl: string;
  /** INBOUND_MAIL_DOMAIN; null: the mail carries no Reply-To (answers cannot come back). */
  inboundDomain: string | null;
}

const oneLine = (s: string) => s.replace(/[\r\n\0]+/g, ' ').trim();

/**
 * In the reply's transaction: when the conversation's contact has an e-mail address, is not unsubscribed
 * and is away (has not read the conversation in the last 5 minutes), the reply goes into the mail outbox
 * with Reply-To reply+<signed>@<inbound domain> and List-Unsubscribe (RFC 8058 one-click). Returns
 * whether it was mailed.
 */
export async function mailReplyIfAway(
  ctx: Ctx,
  settings: ReplyMailSettings,
  input: { conversationId: string; body: string },
): Promise<boolean> {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<{
    contact_id: string;
    email: string;
    subject: string | null;
    workspace_name: string;
  }>(
    `select c.id as contact_id, c.email, v.subject, w.name as workspace_name
     from conversations v
     join contacts c on c.workspace_id = v.workspace_id and c.id = v.contact_id
     join workspaces w on w.id = v.workspace_id
     where v.workspace_id = $1 and v.id = $2 and not c.unsubscribed and v.quarantined_at is null
       and (v.visitor_read_at is null or v.visitor_read_at < $3)`,
    [ctx.workspaceId, input.conversationId, new Date(now.getTime() - AWAY_AFTER_MS)],
  );
  // An address the outbox would refuse (it checks one plain address) is skipped: the reply itself stands.
  if (!row || !isMailAddress(row.email)) return false;
  const base = settings.publicUrl.replace(/\/$/, '');
  const token = unsubscribeToken(settings.linkKey, ctx.workspaceId, row.contact_id);
  const name = oneLine(row.workspace_name) || 'Support';
  await enqueueMail(ctx.db, now, {
    workspaceId: ctx.workspaceId,
    kind: 'conversation_reply',
    to: row.email,
    subject: row.subject
      ? `Re: ${oneLine(row.subject)}`.slice(0, 200)
      : `New reply from ${name}`.slice(0, 200),
    text: `${input.body}\n\n--\n${name}${settings.inboundDomain ? '\nReply to this e-mail to answer.' : ''}`,
    ...(settings.inboundDomain
      ? {
          replyTo: replyAddress(
            settings.linkKey,
            settings.inboundDomain,
            ctx.workspaceId,
            input.conversationId,
          ),
        }
      : {}),
    headers: listUnsubscribeHeaders(`${base}/hooks/email/unsubscribe/${token}`),
  });
  return true;
}
