-- Live conversations (issue 16): a conversation started by an anonymous widget visitor (no contact yet;
-- the visitor's conversations get the contact on user.set), tags, snooze, the visitor's rating request,
-- the spam hold, tickets (a per-workspace reference number) and their SLA targets.
-- docs/decisions/conversations.md.

alter table conversations alter column contact_id drop not null;
alter table conversations
  add column widget_visitor_id text,
  add column tags text[] not null default '{}',
  add column snoozed_until timestamptz,
  add column rating_requested_at timestamptz,
  add column rated_at timestamptz,
  add column visitor_read_at timestamptz,
  add column quarantined_at timestamptz,
  add column quarantine_rule text check (quarantine_rule in ('links', 'burst')),
  add column first_response_at timestamptz,
  add column ticket_number int,
  add column ticket_opened_at timestamptz,
  add column sla_first_response_breached_at timestamptz,
  add column sla_resolution_breached_at timestamptz,
  add constraint conversations_owner_check check (contact_id is not null or widget_visitor_id is not null),
  add constraint conversations_priority_check check (priority is null or priority in ('low', 'normal', 'high', 'urgent'));

create index conversations_visitor_idx on conversations (workspace_id, widget_visitor_id, id desc)
  where widget_visitor_id is not null;
create unique index conversations_ticket_number_key on conversations (workspace_id, ticket_number)
  where ticket_number is not null;
-- The worker's sweeps cross workspaces: snoozed conversations to wake, open tickets with a target left.
create index conversations_snoozed_idx on conversations (snoozed_until) where state = 'snoozed';
create index conversations_sla_idx on conversations (ticket_opened_at)
  where kind = 'ticket' and state <> 'resolved'
    and (sla_first_response_breached_at is null or sla_resolution_breached_at is null);

-- A message is text or an attachment (conversation_attachments, 018); author_id is the member's user id
-- for staff, the contact id or the widget visitor id for the visitor, null for the system.
alter table conversation_messages add constraint conversation_messages_kind_check check (kind in ('text', 'attachment'));

-- The next ticket number of a workspace (references T-1001, T-1002, ...).
create table ticket_counters (
  workspace_id text not null references workspaces (id) on delete cascade,
  last_number int not null,
  primary key (workspace_id)
);

-- SLA targets per priority, in minutes; null: no target.
create table sla_targets (
  workspace_id text not null references workspaces (id) on delete cascade,
  priority text not null check (priority in ('low', 'normal', 'high', 'urgent')),
  first_response_minutes int check (first_response_minutes > 0),
  resolution_minutes int check (resolution_minutes > 0),
  updated_at timestamptz not null,
  primary key (workspace_id, priority)
);
