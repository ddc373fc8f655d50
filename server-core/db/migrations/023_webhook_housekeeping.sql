-- Webhook housekeeping (issue 22): the indexes the purge of finished deliveries and dispatched outbox
-- rows walks in batches, and the overlap window of a rotated endpoint signing secret.

-- Finished deliveries by the time they finished (pending ones have none and are never purged).
create index webhook_deliveries_completed_idx on webhook_deliveries (completed_at) where completed_at is not null;
-- Dispatched outbox rows by the time they were dispatched.
create index outbox_dispatched_idx on outbox (dispatched_at) where dispatched_at is not null;

-- The secret a rotation replaced, sealed like the current one (same context), and when it stops being
-- used: until then every attempt carries a v1 signature under each secret.
alter table webhook_endpoints
  add column previous_secret_sealed text,
  add column previous_secret_expires_at timestamptz,
  add constraint webhook_endpoints_previous_secret_check
    check ((previous_secret_sealed is null) = (previous_secret_expires_at is null));
