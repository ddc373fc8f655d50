-- In-app experiences, part 1 (issue 13): authoring drafts, sessions that remember how they started and
-- their end-of-tour feedback, program item states, and the page facts widgets report for element
-- conditions. docs/decisions/experiences.md describes the model.

-- The definition being edited (validated in full on every save) and when the experience was archived.
alter table experiences
  add column draft jsonb not null default '{}'::jsonb,
  add column archived_at timestamptz;

-- How a session started (auto-start, Widget.experiences.start, a program item) and the end-of-tour answer.
alter table experience_sessions
  add column trigger text not null default 'start' check (trigger in ('auto', 'start', 'program')),
  add column feedback_rating smallint check (feedback_rating between 1 and 5),
  add column feedback_comment text;

-- The decision reads one person's sessions and seen markers per experience: by visitor, or by contact.
create index experience_sessions_visitor_idx on experience_sessions (workspace_id, widget_visitor_id, experience_id)
  where widget_visitor_id is not null;
create index experience_sessions_person_idx on experience_sessions (workspace_id, contact_id, experience_id)
  where contact_id is not null;
create index experience_seen_visitor_idx on experience_seen (workspace_id, widget_visitor_id, experience_id)
  where widget_visitor_id is not null;

-- The state of each item of a program session; an item without a row is `todo`.
create table experience_session_items (
  workspace_id text not null,
  session_id text not null,
  item_id text not null,
  state text not null check (state in ('todo', 'in_progress', 'done', 'skipped')),
  updated_at timestamptz not null,
  primary key (workspace_id, session_id, item_id),
  foreign key (workspace_id, session_id) references experience_sessions (workspace_id, id) on delete cascade
);

-- Booleans a widget reported for the element conditions the decision asked it to watch, for the page it was
-- on. No foreign key to widget_visitors: a visitor is stored lazily; facts are purged after a day.
create table widget_page_facts (
  workspace_id text not null references workspaces (id) on delete cascade,
  visitor_id text not null,
  fact_key text not null,
  url text not null,
  present boolean not null,
  updated_at timestamptz not null,
  primary key (workspace_id, visitor_id, fact_key)
);
create index widget_page_facts_updated_idx on widget_page_facts (updated_at);

-- Event conditions count one contact's events of one name in a window.
create index contact_events_contact_name_idx on contact_events (workspace_id, contact_id, name, occurred_at);
