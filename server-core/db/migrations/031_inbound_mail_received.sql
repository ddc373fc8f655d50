-- Inbound mail delivered once per Message-ID and workspace (issue 18): a provider that did not get a 2xx
-- (a time-out, a restart) posts the same mail again; the repeat answers the first delivery and writes
-- nothing. Kept 30 days (housekeeping). docs/decisions/mail.md#a-mail-is-delivered-once-per-message-id.
create table inbound_mail_received (
  workspace_id text not null references workspaces (id) on delete cascade,
  message_id_hash text not null,
  conversation_id text not null,
  message_id text not null,
  attachments integer not null,
  received_at timestamptz not null,
  primary key (workspace_id, message_id_hash)
);
create index inbound_mail_received_at on inbound_mail_received (received_at);
