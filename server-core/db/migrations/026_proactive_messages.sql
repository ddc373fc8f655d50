-- Proactive messages (issue 18): trigger messages (rules evaluated in the browser, once per browser) and
-- campaigns (decided by the server for a present contact, claimed per (campaign, contact), written into a
-- conversation of channel `campaign`). docs/decisions/proactive.md.

create table proactive_messages (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  kind text not null check (kind in ('trigger', 'campaign')),
  name text not null,
  body text not null,
  -- trigger: { url?: { match, value }, time_on_page_seconds?, scroll_percent?, event? } (all must hold)
  rules jsonb not null default '{}',
  -- campaign: { email_domain?, attributes? } (every key given must match; {}: every identified contact)
  audience jsonb not null default '{}',
  status text not null check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);
create index proactive_messages_published_idx on proactive_messages (workspace_id, kind, id)
  where status = 'published';

-- The claim: one row per (campaign, contact), written in the transaction that writes the message.
create table campaign_deliveries (
  workspace_id text not null,
  campaign_id text not null,
  contact_id text not null,
  conversation_id text not null,
  delivered_at timestamptz not null,
  primary key (workspace_id, campaign_id, contact_id),
  foreign key (workspace_id, campaign_id) references proactive_messages (workspace_id, id) on delete cascade,
  foreign key (workspace_id, contact_id) references contacts (workspace_id, id) on delete cascade
);
create index campaign_deliveries_contact_idx on campaign_deliveries (workspace_id, contact_id, delivered_at desc);

-- campaign.shown / campaign.clicked: consent-gated counts per campaign and UTC day, nothing per person.
create table proactive_daily_stats (
  workspace_id text not null,
  message_id text not null,
  day date not null,
  kind text not null check (kind in ('campaign.shown', 'campaign.clicked')),
  count int not null,
  primary key (workspace_id, message_id, day, kind),
  foreign key (workspace_id, message_id) references proactive_messages (workspace_id, id) on delete cascade
);
