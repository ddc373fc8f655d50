-- Public API v1: contacts and their events, the webhook outbox, conversations, in-app experiences,
-- guides and help-center articles, shared rate-limit counters.

alter table workspaces add column contact_limit int not null default 100000 check (contact_limit >= 0);

create table contacts (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  email text not null,
  email_normalized text not null,
  name text,
  phone text,
  external_id text,
  verified boolean not null default false,
  attributes jsonb not null default '{}'::jsonb,
  unsubscribed boolean not null default false,
  last_seen_at timestamptz not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);
create unique index contacts_email_key on contacts (workspace_id, email_normalized);
create unique index contacts_external_id_key on contacts (workspace_id, external_id) where external_id is not null;
create index contacts_last_seen_idx on contacts (workspace_id, last_seen_at);

create table contact_events (
  workspace_id text not null,
  id text not null,
  contact_id text not null,
  name text not null,
  properties jsonb not null default '{}'::jsonb,
  occurred_at timestamptz not null,
  received_at timestamptz not null,
  source text not null check (source in ('api', 'widget')),
  primary key (workspace_id, id),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade
);
create index contact_events_contact_idx on contact_events (workspace_id, contact_id, occurred_at desc);
create index contact_events_name_idx on contact_events (workspace_id, name, received_at);
create index contact_events_occurred_idx on contact_events (occurred_at);

-- Transactional outbox: written in the same transaction as the change it announces.
create table outbox (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  type text not null,
  data jsonb not null,
  created_at timestamptz not null,
  dispatched_at timestamptz,
  primary key (workspace_id, id)
);
create index outbox_pending_idx on outbox (created_at) where dispatched_at is null;

create table conversations (
  workspace_id text not null,
  id text not null,
  contact_id text not null,
  channel text not null,
  state text not null check (state in ('pending', 'open', 'snoozed', 'resolved')),
  kind text not null check (kind in ('conversation', 'ticket')),
  subject text,
  reference text,
  priority text,
  rating int check (rating between 1 and 5),
  assignee_id text,
  last_message_at timestamptz,
  resolved_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade
);
create index conversations_contact_idx on conversations (workspace_id, contact_id, id desc);
create index conversations_state_idx on conversations (workspace_id, state, id desc);

create table conversation_messages (
  workspace_id text not null,
  id text not null,
  conversation_id text not null,
  direction text not null check (direction in ('in', 'out', 'note')),
  author_type text not null check (author_type in ('contact', 'agent', 'ai', 'system')),
  author_id text,
  kind text not null default 'text',
  body text not null,
  created_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, conversation_id) references conversations (workspace_id, id) on delete cascade
);
create index conversation_messages_conv_idx on conversation_messages (workspace_id, conversation_id, id);

create table experiences (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  type text not null check (type in ('tour', 'program', 'launcher', 'banner', 'announcement', 'survey', 'tracker')),
  name text not null,
  slug text not null,
  status text not null check (status in ('draft', 'published', 'archived')),
  live_version_id text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);
create unique index experiences_slug_key on experiences (workspace_id, slug);
create index experiences_type_idx on experiences (workspace_id, type, id desc);

create table experience_versions (
  workspace_id text not null,
  id text not null,
  experience_id text not null,
  number int not null,
  definition jsonb not null default '{}'::jsonb,
  created_at timestamptz not null,
  published_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, experience_id) references experiences (workspace_id, id) on delete cascade
);
create unique index experience_versions_number_key on experience_versions (workspace_id, experience_id, number);

-- Sessions of sessioned types (tour, program, survey).
create table experience_sessions (
  workspace_id text not null,
  id text not null,
  experience_id text not null,
  version_id text not null,
  contact_id text,
  widget_visitor_id text,
  state text not null check (state in ('active', 'completed', 'ended')),
  end_reason text,
  progress real not null default 0,
  items_done int not null default 0,
  items_total int not null default 0,
  current_step_cvid text,
  last_url text,
  started_at timestamptz not null,
  ended_at timestamptz,
  updated_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, experience_id) references experiences (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id)
);
create index experience_sessions_exp_idx on experience_sessions (workspace_id, experience_id, id desc);
create index experience_sessions_contact_idx on experience_sessions (workspace_id, contact_id);

-- Seen markers of session-less types (launcher, banner, announcement): one per person and version.
create table experience_seen (
  workspace_id text not null,
  id text not null,
  experience_id text not null,
  version_id text not null,
  contact_id text,
  widget_visitor_id text,
  seen_at timestamptz not null,
  dismissed_at timestamptz,
  activations int not null default 0,
  last_url text,
  updated_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, experience_id) references experiences (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id)
);
create index experience_seen_exp_idx on experience_seen (workspace_id, experience_id, id desc);
create index experience_seen_contact_idx on experience_seen (workspace_id, contact_id);

create table guides (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  title text not null,
  description text,
  status text not null check (status in ('draft', 'published', 'archived')),
  share_mode text not null default 'customers' check (share_mode in ('public', 'customers', 'private')),
  language text not null default 'en',
  verified_at timestamptz,
  brand_profile_id text,
  brand jsonb,
  capture_session_id text,
  capture jsonb,
  published_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);

create table guide_steps (
  workspace_id text not null,
  id text not null,
  guide_id text not null,
  seq int not null,
  type text not null,
  text text not null default '',
  screenshot jsonb,
  redactions jsonb not null default '[]'::jsonb,
  policy_redactions jsonb not null default '[]'::jsonb,
  smart_blur_suggestions jsonb not null default '[]'::jsonb,
  annotations jsonb not null default '{}'::jsonb,
  element jsonb,
  alerts jsonb not null default '[]'::jsonb,
  walkthrough jsonb not null default '{"enabled": true, "alternate_text": null, "input_placeholder": null}'::jsonb,
  input jsonb not null default '{"masked": false}'::jsonb,
  app jsonb,
  primary key (workspace_id, id),
  foreign key (workspace_id, guide_id) references guides (workspace_id, id) on delete cascade
);
create unique index guide_steps_seq_key on guide_steps (workspace_id, guide_id, seq);

create table article_collections (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  name text not null,
  slug text not null,
  position int not null default 0,
  created_at timestamptz not null,
  primary key (workspace_id, id)
);
create unique index article_collections_slug_key on article_collections (workspace_id, slug);

create table articles (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  title text not null,
  slug text not null,
  collection_id text,
  body text not null default '',
  access_level text not null check (access_level in ('public', 'authenticated', 'internal')),
  status text not null check (status in ('draft', 'published', 'archived')),
  position int not null default 0,
  source_guide_id text,
  diverged_from_guide boolean not null default false,
  body_edited_since_generation boolean not null default false,
  author_id text,
  approved_by text,
  published_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, collection_id) references article_collections (workspace_id, id) on delete set null (collection_id)
);
create unique index articles_slug_key on articles (workspace_id, slug);

-- Rate-limit windows shared by every BFF node (nodes flush their local counts here).
create table rate_limit_windows (
  workspace_id text not null,
  bucket text not null,
  window_start timestamptz not null,
  count int not null,
  primary key (workspace_id, bucket, window_start)
);
create index rate_limit_windows_start_idx on rate_limit_windows (window_start);
