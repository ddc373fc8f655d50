-- Outbound webhooks: endpoints and their subscriptions, deliveries (one per event and endpoint, plus
-- manual redeliveries) and the log of their attempts. Attempts run as rows of `jobs`.

create table webhook_endpoints (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  url text not null check (length(url) between 1 and 2048),
  description text check (description is null or length(description) <= 200),
  status text not null check (status in ('enabled', 'disabled')),
  -- The envelope version pinned at creation (api_version in the body, Service-Payload-Version header).
  payload_version text not null,
  -- The signing secret, sealed with the secret box (AES-256-GCM, bound to workspace and endpoint id).
  secret_sealed text not null,
  -- Deliveries that exhausted all attempts since the last success (10 disables the endpoint).
  consecutive_failures int not null default 0 check (consecutive_failures >= 0),
  -- Events that occurred before this moment are never delivered here (no backfill after re-enabling).
  enabled_since timestamptz not null,
  disabled_at timestamptz,
  disabled_reason text,
  last_success_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id, id)
);

create table webhook_subscriptions (
  workspace_id text not null,
  endpoint_id text not null,
  event_type text not null,
  primary key (workspace_id, endpoint_id, event_type),
  foreign key (workspace_id, endpoint_id) references webhook_endpoints (workspace_id, id) on delete cascade
);
create index webhook_subscriptions_event_idx on webhook_subscriptions (workspace_id, event_type);

create table webhook_deliveries (
  workspace_id text not null,
  id text not null,
  endpoint_id text not null,
  -- The outbox event this delivery carries.
  event_id text not null,
  event_type text not null,
  -- The envelope id: Idempotency-Key and Service-Delivery-Id. A redelivery keeps the original's.
  delivery_key text not null,
  payload_version text not null,
  -- The exact bytes sent on every attempt (and copied by a redelivery).
  body text not null,
  status text not null check (status in ('pending', 'succeeded', 'failed', 'cancelled')),
  attempt_count int not null default 0 check (attempt_count between 0 and 5),
  next_attempt_at timestamptz,
  redelivery_of text,
  last_status_code int,
  last_error text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  completed_at timestamptz,
  primary key (workspace_id, id),
  foreign key (workspace_id, endpoint_id) references webhook_endpoints (workspace_id, id) on delete cascade
);
-- Exactly one automatic delivery per event and endpoint, however many dispatchers run.
create unique index webhook_deliveries_event_key on webhook_deliveries (workspace_id, endpoint_id, event_id)
  where redelivery_of is null;
-- The delivery log, and the cancellation of an endpoint's pending deliveries when it is disabled.
create index webhook_deliveries_endpoint_idx on webhook_deliveries (workspace_id, endpoint_id, id desc);

create table webhook_attempts (
  workspace_id text not null,
  delivery_id text not null,
  number int not null check (number between 1 and 5),
  attempted_at timestamptz not null,
  duration_ms int not null check (duration_ms >= 0),
  status_code int,
  succeeded boolean not null,
  error_code text,
  error text,
  primary key (workspace_id, delivery_id, number),
  foreign key (workspace_id, delivery_id) references webhook_deliveries (workspace_id, id) on delete cascade
);
