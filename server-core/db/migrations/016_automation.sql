-- Automation (issue 15): the workspace's verified domains and the automation runs of the widget, with the
-- steps each run recorded. docs/decisions/automation.md.

-- A domain the workspace proved it controls (a token served at /.well-known/widget-domain-verification.txt,
-- or an operator's word). The token is shown once; only its SHA-256 is kept. A workspace names a domain once;
-- two workspaces may each verify the same domain (each proves it for itself).
create table verified_domains (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  domain text not null,
  status text not null check (status in ('pending', 'verified')),
  token_hash text not null,
  verified_at timestamptz,
  verified_by text check (verified_by in ('well_known', 'operator')),
  created_at timestamptz not null,
  primary key (workspace_id, id),
  unique (workspace_id, domain)
);

-- An automation run belongs to the widget visitor who opened it (no foreign key: visitors expire and are
-- purged, the record of what was executed stays with the guide).
create table automation_runs (
  workspace_id text not null,
  id text not null,
  guide_id text not null,
  visitor_id text not null,
  state text not null check (state in ('open', 'completed', 'aborted', 'failed')),
  reason text check (reason in ('stopped', 'ambiguous_element', 'missing_element', 'refused', 'error', 'navigation')),
  steps_recorded int not null default 0,
  created_at timestamptz not null,
  closed_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, guide_id) references guides (workspace_id, id) on delete cascade
);
create index automation_runs_guide_idx on automation_runs (workspace_id, guide_id, id desc);

-- What a run executed: which step, which action, the element's role and name as the guide stores them, and the
-- page's host and path. Never a typed value (there is no column for one).
create table automation_run_steps (
  workspace_id text not null,
  run_id text not null,
  seq int not null,
  step_id text not null,
  action text not null check (action in ('click', 'input', 'select', 'navigate')),
  element_role text,
  element_name text,
  page_host text not null,
  page_path text not null,
  recorded_at timestamptz not null,
  primary key (workspace_id, run_id, seq),
  foreign key (workspace_id, run_id) references automation_runs (workspace_id, id) on delete cascade
);
