-- SCIM token revocation (issue 21): a revoked token keeps its row (listed with revoked_at, audited) and
-- authenticates no more.
alter table scim_tokens add column revoked_at timestamptz;
