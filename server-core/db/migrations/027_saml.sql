-- SAML 2.0 sign-in (issue 20): the workspace is the service provider. One connection per workspace (the
-- identity provider's entity id, SSO URL and signing certificate), the single-use AuthnRequest store keyed
-- by an opaque RelayState handle, the assertion ids already accepted (kept until they expire), the IdP
-- identities bound to local users, and the e-mailed ownership confirmations of identities not yet bound.
create table saml_connections (
  workspace_id text not null references workspaces (id) on delete cascade,
  idp_entity_id text not null,
  sso_url text not null,
  certificate_pem text not null,
  certificate_fingerprint_sha256 text not null,
  certificate_not_after timestamptz not null,
  jit_provisioning boolean not null,
  idp_initiated boolean not null,
  jit_role text not null check (jit_role in ('member', 'admin')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  primary key (workspace_id)
);

create table saml_requests (
  workspace_id text not null references workspaces (id) on delete cascade,
  request_id text not null,
  relay_handle_hash text not null,
  redirect_to text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  primary key (workspace_id, request_id)
);
create unique index saml_requests_relay_key on saml_requests (workspace_id, relay_handle_hash);
create index saml_requests_expiry on saml_requests (expires_at);

create table saml_assertion_ids (
  workspace_id text not null references workspaces (id) on delete cascade,
  assertion_id text not null,
  accepted_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (workspace_id, assertion_id)
);
create index saml_assertion_ids_expiry on saml_assertion_ids (expires_at);

create table saml_identities (
  workspace_id text not null references workspaces (id) on delete cascade,
  name_id text not null,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null,
  primary key (workspace_id, name_id)
);
create index saml_identities_user on saml_identities (user_id);

create table saml_binding_confirmations (
  workspace_id text not null references workspaces (id) on delete cascade,
  id text not null,
  token_hash text not null,
  browser_hash text not null,
  name_id text not null,
  email text not null,
  redirect_to text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  consumed_at timestamptz,
  primary key (workspace_id, id)
);
create unique index saml_binding_confirmations_token_key on saml_binding_confirmations (workspace_id, token_hash);
create index saml_binding_confirmations_expiry on saml_binding_confirmations (expires_at);
