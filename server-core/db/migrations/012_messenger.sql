-- The messenger's appearance per workspace, and readers' votes on help articles in the widget.

-- Brand colour (#rrggbb, lower case), launcher side, greeting (null: the message catalog's) and language
-- (auto: the visitor's browser languages). The widget derives every other colour from the brand colour.
alter table widget_settings
  add column brand_color text not null default '#1f5fa8' check (brand_color ~ '^#[0-9a-f]{6}$'),
  add column launcher_side text not null default 'right' check (launcher_side in ('left', 'right')),
  add column greeting text check (length(greeting) between 1 and 120),
  add column language text not null default 'auto' check (language in ('auto', 'en', 'fr', 'de', 'es'));

-- "Was this helpful?": one vote per visitor and article, changeable. The visitor id is kept without a
-- foreign key, so a vote outlives the visitor session it came from (sessions are removed when they expire).
create table article_feedback (
  workspace_id text not null,
  article_id text not null,
  visitor_id text not null,
  contact_id text,
  helpful boolean not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, article_id, visitor_id),
  foreign key (workspace_id, article_id) references articles (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete set null (contact_id)
);
