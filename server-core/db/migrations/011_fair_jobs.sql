-- Fair claiming (server-core/jobs/claim-jobs.ts). A job with a concurrency key (a webhook attempt: its
-- endpoint id) belongs to a lane: at most a few run at once per key and per workspace, counted over all
-- workers from the running rows, and claims go round-robin over the workspaces. Jobs without a key
-- (housekeeping, embeddings) are claimed in time order as before.
alter table jobs add column concurrency_key text;
alter table jobs add constraint jobs_concurrency_key_workspace check (concurrency_key is null or workspace_id is not null);

-- Attempts already queued join their endpoint's lane.
update jobs j set concurrency_key = d.endpoint_id
from webhook_deliveries d
where j.kind = 'webhook.attempt' and j.state in ('pending', 'running')
  and d.workspace_id = j.workspace_id and d.id = j.payload ->> 'delivery_id';

-- Unkeyed due jobs in time order; keyed ones per lane in time order (the claim walks the lanes, one
-- index descent each, and never scans a flooded lane past the few jobs it may start).
drop index jobs_due_idx;
create index jobs_due_idx on jobs (run_at) where state = 'pending' and concurrency_key is null;
create index jobs_lane_due_idx on jobs (concurrency_key, run_at) where state = 'pending' and concurrency_key is not null;
-- Running keyed jobs, counted per lane and per workspace at every claim.
create index jobs_lane_running_idx on jobs (workspace_id, concurrency_key, locked_until)
  where state = 'running' and concurrency_key is not null;

-- The delivery log said which private address a name resolved to; it now says only that it is not public.
update webhook_attempts
set error = regexp_replace(error, '^Refused: (.*) resolves to .*, which is not a public address\.$', 'Refused: \1 has no public address.')
where error_code = 'address_refused' and error like '% resolves to %';
update webhook_deliveries
set last_error = regexp_replace(last_error, '^Refused: (.*) resolves to .*, which is not a public address\.$', 'Refused: \1 has no public address.')
where last_error like 'Refused: % resolves to %';
update webhook_endpoints
set disabled_reason = regexp_replace(disabled_reason, '^Refused: (.*) resolves to .*, which is not a public address\.$', 'Refused: \1 has no public address.')
where disabled_reason like 'Refused: % resolves to %';
