-- In-app experiences, part 2 (issue 14): seen markers one per visitor and version, survey answers, and the
-- consent-gated analytics beacons counted per experience and day. docs/decisions/experiences.md, Part 2.

-- widgetRecordSeen upserts the marker of (version, visitor); the decision reads them per person.
create unique index experience_seen_version_visitor_key on experience_seen (workspace_id, version_id, widget_visitor_id)
  where widget_visitor_id is not null;
create index experience_seen_person_idx on experience_seen (workspace_id, contact_id, experience_id)
  where contact_id is not null;

-- One answer per survey session and question (answering again replaces it, with a new id and time).
create table experience_survey_answers (
  workspace_id text not null,
  id text not null,
  session_id text not null,
  experience_id text not null,
  version_id text not null,
  question_id text not null,
  kind text not null check (kind in ('nps', 'rating', 'scale', 'choice', 'freetext')),
  value jsonb not null,
  contact_id text,
  widget_visitor_id text,
  answered_at timestamptz not null,
  primary key (workspace_id, id),
  foreign key (workspace_id, session_id) references experience_sessions (workspace_id, id) on delete cascade,
  foreign key (workspace_id, experience_id) references experiences (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id)
);
create unique index experience_survey_answers_question_key on experience_survey_answers (workspace_id, session_id, question_id);
create index experience_survey_answers_exp_idx on experience_survey_answers (workspace_id, experience_id, id desc);

-- Analytics beacons (launcher.shown, banner.shown, banner.clicked) counted per experience and UTC day.
create table experience_daily_stats (
  workspace_id text not null,
  experience_id text not null,
  day date not null,
  kind text not null check (kind in ('launcher.shown', 'banner.shown', 'banner.clicked')),
  count int not null default 0,
  primary key (workspace_id, experience_id, day, kind),
  foreign key (workspace_id, experience_id) references experiences (workspace_id, id) on delete cascade
);
