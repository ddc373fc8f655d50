import type { Sql } from '../db/db';
import { MailRefused, type MailTransport } from './mail-transport';

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  headers: Record<string, string>;
  state: 'pending' | 'sent' | 'failed' | 'held';
}

export type SendOutcome = 'sent' | 'held' | 'failed' | 'already_done' | 'gone';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

/**
 * Sends one outbox mail (the worker's mail.send job). Without a transport (no SMTP_URL) the mail is
 * held for the dev inbox. A relay's permanent refusal fails it at once; any other error is recorded and
 * thrown so the job backoff retries, until the last attempt marks it failed. A mail already sent, held or
 * failed is left alone, so a retried job never sends twice what was recorded as sent (a crash between the
 * relay's acceptance and this commit can still send twice: delivery is at least once).
 */
export async function sendOutboxMail(
  db: Sql,
  now: Date,
  input: { mailId: string; attempt: number; maxAttempts: number },
  transport: { mail: MailTransport; from: string } | null,
): Promise<SendOutcome> {
  const [row] = await db.query<OutboxRow>(
    `select id, to_address, subject, text_body, html_body, reply_to, headers, state
     from mail_outbox where id = $1`,
    [input.mailId],
  );
  if (!row) return 'gone';
  if (row.state !== 'pending') return 'already_done';
  if (!transport) {
    await db.query(`update mail_outbox set state = 'held' where id = $1 and state = 'pending'`, [row.id]);
    return 'held';
  }
  try {
    const { messageId } = await transport.mail.send({
      from: transport.from,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      replyTo: row.reply_to,
      headers: row.headers,
    });
    await db.query(
      `update mail_outbox set state = 'sent', sent_at = $2, attempts = attempts + 1, message_id = $3,
         last_error = null
       where id = $1`,
      [row.id, now, messageId],
    );
    return 'sent';
  } catch (err) {
    const final = err instanceof MailRefused || input.attempt >= input.maxAttempts;
    await db.query(
      `update mail_outbox set attempts = attempts + 1, last_error = $2,
         state = case when $3 then 'failed' else state end
       where id = $1`,
      [row.id, errorText(err), final],
    );
    if (final) return 'failed';
    throw err;
  }
}
