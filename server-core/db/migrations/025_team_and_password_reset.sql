-- The staff console's team (issue 17): invitations to a workspace and password resets by e-mail. Both
-- keep only the SHA-256 of their single-use token; a row is deleted when used, revoked or replaced.
create table invitations (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  email text not null,
  email_normalized text not null,
  role text not null check (role in ('owner', 'admin', 'member')),
  token_hash text not null,
  invited_by text references users (id) on delete set null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (workspace_id, id)
);
-- One pending invitation per address and workspace: inviting again replaces it.
create unique index invitations_email_key on invitations (workspace_id, email_normalized);
create unique index invitations_token_key on invitations (token_hash);

create table password_resets (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index password_resets_user_idx on password_resets (user_id, created_at);
