-- Widget: per-workspace settings and install state, the identity secret, visitor sessions.

-- One row per workspace, written on first use (a workspace without a row has the defaults).
create table widget_settings (
  workspace_id text primary key references workspaces (id) on delete cascade,
  default_tab text not null default 'auto' check (default_tab in ('help', 'onboarding', 'chat', 'auto')),
  launcher_icon_url text check (length(launcher_icon_url) <= 2048),
  logo_url text check (length(logo_url) <= 2048),
  -- Set by the first boot from a page other than the service's own (the demo page does not count).
  installed_at timestamptz,
  updated_at timestamptz not null
);

-- The widget identity secret, sealed with the secret box (AES-256-GCM, bound to the workspace and
-- generation). Each rotation raises generation: identities proven under an older one read as unverified.
create table widget_identity_secrets (
  workspace_id text primary key references workspaces (id) on delete cascade,
  secret_sealed text not null,
  generation int not null check (generation > 0),
  rotated_at timestamptz not null
);

-- A browser's visitor session. The token is stored as SHA-256 only; it embeds the website id, so the
-- lookup is led by workspace_id like every other key. contact_id is the verified identity, valid only
-- while identity_generation equals the workspace's current secret generation.
create table widget_visitors (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  token_hash text not null,
  contact_id text,
  identity_generation int,
  identified_at timestamptz,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id)
);
create unique index widget_visitors_token_hash_key on widget_visitors (workspace_id, token_hash);
create index widget_visitors_expires_at_idx on widget_visitors (expires_at);
create index widget_visitors_contact_idx on widget_visitors (workspace_id, contact_id) where contact_id is not null;
