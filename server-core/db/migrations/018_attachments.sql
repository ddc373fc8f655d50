-- Conversation attachments (issue 16): a file a visitor uploads into a conversation, stored under
-- DATA_DIR/files (storage_key) and scanned by clamd before anyone may download it: scanning -> clean, or
-- blocked (infected or unscannable; the file is deleted and storage_key cleared). docs/decisions/attachments.md.

create table conversation_attachments (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  conversation_id text not null,
  message_id text not null,
  name text not null,
  type text not null check (type in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf')),
  size int not null check (size >= 0),
  sha256 text not null,
  status text not null default 'scanning' check (status in ('scanning', 'clean', 'blocked')),
  scan_detail text,
  storage_key text,
  uploaded_by_type text not null check (uploaded_by_type in ('visitor', 'agent')),
  created_at timestamptz not null,
  scanned_at timestamptz,
  primary key (workspace_id, id),
  unique (workspace_id, message_id),
  foreign key (workspace_id, conversation_id) references conversations (workspace_id, id) on delete cascade,
  foreign key (workspace_id, message_id) references conversation_messages (workspace_id, id) on delete cascade,
  check (status = 'blocked' or storage_key is not null),
  check (status <> 'blocked' or storage_key is null)
);
-- A signed download link names the attachment only (the signature is the credential and names no
-- workspace): the download looks it up by id. Ids are ULIDs made here; the index is not unique on purpose
-- (keys lead with workspace_id), the lookup takes at most one clean row.
create index conversation_attachments_id_idx on conversation_attachments (id);
create index conversation_attachments_conv_idx on conversation_attachments (workspace_id, conversation_id);
