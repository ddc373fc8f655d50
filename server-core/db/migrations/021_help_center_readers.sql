-- Signed-in help-center readers (issue 22). The per-workspace signing secret the customer's app mints
-- visitor JWTs with, sealed with the secret box (bound to the workspace and generation); each rotation
-- raises generation. The reader cookie is keyed from the current secret, so a rotation signs every reader
-- out at once. sign_in_url is where the help center sends a reader to sign in (null: no sign-in offered).
create table help_center_signing_secrets (
  workspace_id text primary key references workspaces (id) on delete cascade,
  secret_sealed text not null,
  generation int not null check (generation > 0),
  sign_in_url text check (sign_in_url is null or length(sign_in_url) <= 2048),
  rotated_at timestamptz not null,
  updated_at timestamptz not null
);
