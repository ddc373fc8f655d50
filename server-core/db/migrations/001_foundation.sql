-- Foundation: instance settings, workspaces, members, sessions, flags, idempotency, audit, jobs.
-- Times are written by the application from its injected clock, never by default now().
-- Every table that belongs to a workspace leads its keys with workspace_id.

create table instance_settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null
);

create table workspaces (
  id text primary key,
  name text not null check (length(name) between 1 and 200),
  website_id text not null,
  settings jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index workspaces_website_id_key on workspaces (website_id);

create table users (
  id text primary key,
  email text not null,
  email_normalized text not null,
  name text,
  password_hash text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index users_email_normalized_key on users (email_normalized);

create table permissions (
  key text primary key,
  description text not null
);

create table roles (
  key text primary key,
  description text not null,
  rank int not null
);

create table role_permissions (
  role text not null references roles (key) on delete cascade,
  permission text not null references permissions (key) on delete cascade,
  primary key (role, permission)
);

create table memberships (
  workspace_id text not null references workspaces (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  role text not null references roles (key),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, user_id)
);
create index memberships_user_id_idx on memberships (user_id);

create table feature_flags (
  workspace_id text not null references workspaces (id) on delete cascade,
  flag text not null,
  enabled boolean not null,
  updated_at timestamptz not null,
  primary key (workspace_id, flag)
);

create table sessions (
  id text primary key,
  token_hash text not null,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create unique index sessions_token_hash_key on sessions (token_hash);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

create table login_attempts (
  id text primary key,
  email_normalized text not null,
  ip text not null,
  succeeded boolean not null,
  created_at timestamptz not null
);
create index login_attempts_email_idx on login_attempts (email_normalized, created_at);
create index login_attempts_ip_idx on login_attempts (ip, created_at);

create table idempotency_records (
  workspace_id text not null references workspaces (id) on delete cascade,
  scope text not null,
  key text not null check (length(key) between 1 and 255),
  request_hash text not null,
  state text not null check (state in ('in_progress', 'completed')),
  response_status int,
  response_body text,
  response_headers jsonb,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (workspace_id, scope, key)
);
create index idempotency_records_expires_at_idx on idempotency_records (expires_at);

create table audit_log (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  actor_type text not null,
  actor_id text,
  action text not null,
  target_type text,
  target_id text,
  data jsonb not null default '{}'::jsonb,
  ip text,
  request_id text,
  created_at timestamptz not null,
  primary key (workspace_id, id)
);

-- Background work. Not workspace-owned as a table: housekeeping jobs have no workspace.
create table jobs (
  id text primary key,
  workspace_id text references workspaces (id) on delete cascade,
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  state text not null check (state in ('pending', 'running', 'done', 'failed')),
  run_at timestamptz not null,
  attempts int not null default 0,
  max_attempts int not null default 5,
  locked_by text,
  locked_until timestamptz,
  last_error text,
  dedupe_key text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz
);
create index jobs_due_idx on jobs (run_at) where state = 'pending';
create index jobs_stuck_idx on jobs (locked_until) where state = 'running';
create unique index jobs_dedupe_key on jobs (dedupe_key) where dedupe_key is not null and state in ('pending', 'running');
