-- The per-workspace inbound mail address (issue 18): mail to <inbound_token>@<INBOUND_MAIL_DOMAIN> posted to
-- inboundEmail opens a conversation in this workspace. 64 hex characters from two random v4 UUIDs (244
-- random bits): unguessable, lower-case (mail systems may fold a local part's case). docs/decisions/mail.md.
alter table workspaces add column inbound_token text not null
  default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
create unique index workspaces_inbound_token_key on workspaces (inbound_token);
