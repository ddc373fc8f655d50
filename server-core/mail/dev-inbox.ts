import type { Sql } from '../db/db';

export interface DevInboxMail {
  id: string;
  workspace_id: string | null;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  headers: Record<string, string>;
  state: string;
  created_at: string;
}

/** The newest outbox mails, for the dev inbox page (bff/routes/site/dev-inbox.ts), optionally for one address. */
export async function listDevInbox(db: Sql, opts: { limit: number; to?: string }): Promise<DevInboxMail[]> {
  const rows = await db.query<Omit<DevInboxMail, 'created_at'> & { created_at: Date }>(
    `select id, workspace_id, kind, to_address as "to", subject, text_body as "text", html_body as "html",
       reply_to, headers, state, created_at
     from mail_outbox
     where ($2::text is null or lower(to_address) = lower($2))
     order by created_at desc, id desc
     limit $1`,
    [opts.limit, opts.to ?? null],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/** Outbox rows a month old go: the bodies carry single-use links (resets, invitations) nobody needs then. */
export const MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export async function purgeOldMail(db: Sql, now: Date): Promise<number> {
  const rows = await db.query(
    `delete from mail_outbox where id in (
       select id from mail_outbox where created_at < $1 and state <> 'pending' limit 1000)
     returning id`,
    [new Date(now.getTime() - MAIL_KEPT_MS)],
  );
  return rows.length;
}
