-- Workspace API keys: stored only as SHA-256; the plaintext embeds the workspace id, so the lookup
-- is led by workspace_id like every other workspace key.
create table api_keys (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  name text not null check (length(name) between 1 and 100),
  abilities text[] not null,
  key_prefix text not null,
  key_hash text not null,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz,
  primary key (workspace_id, id)
);
create unique index api_keys_key_hash_key on api_keys (workspace_id, key_hash);
