-- The OAuth app platform (issue 19). An app belongs to the workspace that registered it (the developer's);
-- installs, codes and tokens belong to the workspace that granted access, and every key leads with that
-- workspace. Installs reference their app across workspaces: deleting the app deletes its installs and,
-- through them, every code and token it issued. Secrets, codes and tokens are stored only as SHA-256;
-- their plaintext embeds the workspace id, so every lookup is led by workspace_id (as for API keys).
create table oauth_apps (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  name text not null check (length(name) between 1 and 100),
  redirect_uris text[] not null,
  scopes text[] not null,
  secret_hash text not null,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null,
  primary key (workspace_id, id)
);

create table oauth_installs (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  app_workspace_id text not null,
  app_id text not null,
  granted_by text references users (id) on delete set null,
  scopes text[] not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  revoked_at timestamptz,
  primary key (workspace_id, id),
  foreign key (app_workspace_id, app_id) references oauth_apps (workspace_id, id) on delete cascade
);
-- One live install per app and granting member in a workspace; a new consent updates it.
create unique index oauth_installs_live_key on oauth_installs (workspace_id, app_workspace_id, app_id, granted_by)
  where revoked_at is null;
create index oauth_installs_app_idx on oauth_installs (app_workspace_id, app_id);

create table oauth_codes (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  install_id text not null,
  code_hash text not null,
  redirect_uri text not null,
  code_challenge text not null,
  scopes text[] not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, install_id) references oauth_installs (workspace_id, id) on delete cascade
);
create unique index oauth_codes_hash_key on oauth_codes (workspace_id, code_hash);

-- Access and refresh tokens. grant_id is the id of the code that started the chain (kept through every
-- refresh), so a replayed code revokes what it issued.
create table oauth_tokens (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  install_id text not null,
  grant_id text not null,
  kind text not null check (kind in ('access', 'refresh')),
  token_hash text not null,
  scopes text[] not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  revoked_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, install_id) references oauth_installs (workspace_id, id) on delete cascade
);
create unique index oauth_tokens_hash_key on oauth_tokens (workspace_id, token_hash);
create index oauth_tokens_install_idx on oauth_tokens (workspace_id, install_id);
create index oauth_tokens_grant_idx on oauth_tokens (workspace_id, grant_id);
