import type { Sql } from '../db/db';
import { enqueueJob } from '../jobs/jobs';
import { newId } from '../lib/ulid';
import { checkOutgoingMail, type OutgoingMail } from './outgoing-mail';

export const SEND_MAIL_JOB = 'mail.send';
/** Attempts of one mail over the job backoff (about a day in all) before it is marked failed. */
export const SEND_MAIL_ATTEMPTS = 8;

/**
 * Writes a mail into the outbox and the job that sends it, in the caller's transaction when given one:
 * the mail exists exactly when what caused it committed. Sending (or holding it for the dev inbox when no
 * SMTP_URL is set) is the worker's (send-outbox-mail.ts).
 */
export async function enqueueMail(db: Sql, now: Date, mail: OutgoingMail): Promise<{ id: string }> {
  checkOutgoingMail(mail);
  const id = newId(now);
  await db.query(
    `insert into mail_outbox (id, workspace_id, kind, to_address, subject, text_body, html_body, reply_to,
       headers, state, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, 'pending', $10)`,
    [
      id,
      mail.workspaceId,
      mail.kind,
      mail.to,
      mail.subject,
      mail.text,
      mail.html ?? null,
      mail.replyTo ?? null,
      JSON.stringify(mail.headers ?? {}),
      now,
    ],
  );
  await enqueueJob(
    db,
    {
      kind: SEND_MAIL_JOB,
      workspaceId: mail.workspaceId,
      payload: { mail_id: id },
      dedupeKey: `mail:${id}`,
      maxAttempts: SEND_MAIL_ATTEMPTS,
    },
    now,
  );
  return { id };
}
