-- Guide drift (issue 15): the player reports whether it found each step's element; misses from enough
-- distinct visitors mark a step drifted, and a guide is drifted while any of its steps is.
-- docs/decisions/guide-drift.md.

-- One row per guide that has ever had a report: whether the guide is drifted now (guide.drifted and
-- guide.drift_cleared fire on changes of drifted_at between null and a time). Reports of one guide are
-- serialised by an advisory lock on the guide, so the transition is decided once.
create table guide_drift (
  workspace_id text not null,
  guide_id text not null,
  drifted_at timestamptz,
  updated_at timestamptz not null,
  primary key (workspace_id, guide_id),
  foreign key (workspace_id, guide_id) references guides (workspace_id, id) on delete cascade
);

-- Per step: when its element was last found, and since when it is drifted (null: it is not).
create table guide_step_drift (
  workspace_id text not null,
  step_id text not null,
  guide_id text not null,
  found_at timestamptz,
  drifted_at timestamptz,
  primary key (workspace_id, step_id),
  foreign key (workspace_id, step_id) references guide_steps (workspace_id, id) on delete cascade,
  foreign key (workspace_id, guide_id) references guides (workspace_id, id) on delete cascade
);
create index guide_step_drift_drifted_idx on guide_step_drift (workspace_id, guide_id) where drifted_at is not null;

-- The latest miss of each visitor for each step (a repeat miss moves missed_at): distinct visitors are
-- rows. Which step and who, never page content. Housekeeping removes misses older than 7 days.
create table guide_step_misses (
  workspace_id text not null,
  step_id text not null,
  visitor_id text not null,
  guide_id text not null,
  missed_at timestamptz not null,
  primary key (workspace_id, step_id, visitor_id),
  foreign key (workspace_id, step_id) references guide_steps (workspace_id, id) on delete cascade
);
create index guide_step_misses_missed_idx on guide_step_misses (missed_at);
