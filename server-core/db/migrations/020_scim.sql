-- SCIM 2.0 provisioning (issue 21). A workspace's SCIM bearer tokens (SHA-256 only, like API keys), the
-- SCIM user resources it provisioned (one per person; kept after a deprovision with active = false so a
-- reactivation finds it), its groups and their members, and the group → role mapping the settings hold.
create table scim_tokens (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  token_hash text not null,
  created_by text references users (id) on delete set null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  primary key (workspace_id, id)
);
create unique index scim_tokens_hash_key on scim_tokens (workspace_id, token_hash);

create table scim_users (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  user_id text not null references users (id) on delete cascade,
  external_id text,
  user_name text not null,
  user_name_normalized text not null,
  given_name text,
  family_name text,
  formatted_name text,
  display_name text,
  emails jsonb not null default '[]'::jsonb,
  active boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);
create unique index scim_users_user_name_key on scim_users (workspace_id, user_name_normalized);
create unique index scim_users_user_key on scim_users (workspace_id, user_id);

create table scim_groups (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  external_id text,
  display_name text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);

create table scim_group_members (
  workspace_id text not null,
  group_id text not null,
  scim_user_id text not null,
  created_at timestamptz not null,
  primary key (workspace_id, group_id, scim_user_id),
  foreign key (workspace_id, group_id) references scim_groups (workspace_id, id) on delete cascade,
  foreign key (workspace_id, scim_user_id) references scim_users (workspace_id, id) on delete cascade
);
create index scim_group_members_user_idx on scim_group_members (workspace_id, scim_user_id);

-- Group displayName (lower-cased) → role; capped at admin (owner is never conferred by a group).
create table scim_group_roles (
  workspace_id text not null references workspaces (id) on delete cascade,
  display_name_normalized text not null,
  role text not null check (role in ('admin', 'member')),
  updated_at timestamptz not null,
  primary key (workspace_id, display_name_normalized)
);
