-- The mail outbox (issue 18, shared with 17 and 20): every outgoing mail is a row first, written in the
-- transaction of what caused it, then sent by the worker (job kind mail.send) over SMTP_URL with retries.
-- Without SMTP_URL the worker keeps the row 'held' and the dev inbox page (/dev/inbox) shows it.
-- Instance mail (password resets) has no workspace, hence the nullable workspace_id and the id-only key.
-- docs/decisions/mail.md.
create table mail_outbox (
  id text primary key,
  workspace_id text references workspaces (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z0-9_]{0,63}$'),
  to_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  reply_to text,
  headers jsonb not null default '{}'::jsonb,
  state text not null check (state in ('pending', 'sent', 'failed', 'held')),
  attempts int not null default 0,
  last_error text,
  message_id text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index mail_outbox_created_idx on mail_outbox (created_at desc);
create index mail_outbox_workspace_idx on mail_outbox (workspace_id, created_at desc) where workspace_id is not null;
