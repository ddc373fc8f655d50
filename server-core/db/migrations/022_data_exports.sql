-- Data exports (issue 22b): one row per requested export, built in the background by the worker
-- (job kind data_export.build) into DATA_DIR/files through the file store; the file is deleted by
-- housekeeping 7 days after it was ready (deleted_at set, the row kept for the list).
-- docs/decisions/data-exports.md.
create table data_exports (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  scope text not null check (scope in ('contacts', 'conversations', 'tickets', 'contact')),
  -- The contact of the 'contact' scope; no foreign key: an erased contact leaves the export row (the file
  -- is deleted with the erasure).
  contact_id text,
  format text not null check (format in ('json', 'csv')),
  state text not null check (state in ('pending', 'running', 'ready', 'failed', 'expired')),
  rows_total bigint,
  rows_done bigint not null default 0,
  bytes bigint,
  file_key text,
  requested_by text,
  error text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  ready_at timestamptz,
  expires_at timestamptz,
  primary key (workspace_id, id),
  check ((scope = 'contact') = (contact_id is not null))
);
create index data_exports_expiry_idx on data_exports (expires_at) where state = 'ready';
create index data_exports_contact_idx on data_exports (workspace_id, contact_id) where contact_id is not null;
