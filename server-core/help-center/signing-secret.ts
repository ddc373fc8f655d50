import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { randomToken } from '../lib/crypto';
import { DomainError } from '../lib/errors';
import type { SecretBox } from '../lib/secret-box';

/**
 * The help-center signing secret: `hcs_` + 43 base64url characters (32 random bytes), whose UTF-8 bytes
 * are the HS256 key of the visitor JWTs the customer's app mints. Sealed at rest, bound to the workspace
 * and generation; a rotation replaces it at once (and with it the key of every reader cookie).
 */
export const SIGNING_SECRET_PREFIX = 'hcs_';

const sealContext = (workspaceId: string, generation: number) =>
  `help-center-signing-secret:${workspaceId}:${generation}`;

export interface SigningSecretView {
  configured: boolean;
  secret: string | null;
  sign_in_url: string | null;
}

export interface OpenSigningSecret {
  secret: string;
  generation: number;
  signInUrl: string | null;
}

/** The current secret, opened, with the sign-in URL; null while none is configured. */
export async function openSigningSecret(
  db: Sql,
  box: SecretBox,
  workspaceId: string,
): Promise<OpenSigningSecret | null> {
  const rows = await db.query<{ secret_sealed: string; generation: number; sign_in_url: string | null }>(
    'select secret_sealed, generation, sign_in_url from help_center_signing_secrets where workspace_id = $1',
    [workspaceId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    secret: box.open(row.secret_sealed, sealContext(workspaceId, row.generation)),
    generation: row.generation,
    signInUrl: row.sign_in_url,
  };
}

/** What getHelpCenterSigningSecret answers (spec 4.3: `configured`, `secret`, `sign_in_url`). */
export async function getSigningSecret(ctx: Ctx, box: SecretBox): Promise<SigningSecretView> {
  const open = await openSigningSecret(ctx.db, box, ctx.workspaceId);
  return { configured: open !== null, secret: open?.secret ?? null, sign_in_url: open?.signInUrl ?? null };
}

/** A new secret replaces the old at once (the first rotation creates it); the sign-in URL stays. */
export async function rotateSigningSecret(
  ctx: Ctx,
  box: SecretBox,
): Promise<{ secret: string; generation: number }> {
  const secret = `${SIGNING_SECRET_PREFIX}${randomToken(32)}`;
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    await db.query("select pg_advisory_xact_lock(hashtext('help-center-signing-secret:' || $1))", [
      ctx.workspaceId,
    ]);
    const [current] = await db.query<{ generation: number }>(
      'select generation from help_center_signing_secrets where workspace_id = $1 for update',
      [ctx.workspaceId],
    );
    const generation = (current?.generation ?? 0) + 1;
    await db.query(
      `insert into help_center_signing_secrets (workspace_id, secret_sealed, generation, rotated_at, updated_at)
       values ($1, $2, $3, $4, $4)
       on conflict (workspace_id) do update set secret_sealed = excluded.secret_sealed,
         generation = excluded.generation, rotated_at = excluded.rotated_at, updated_at = excluded.updated_at`,
      [ctx.workspaceId, box.seal(secret, sealContext(ctx.workspaceId, generation)), generation, now],
    );
    return { secret, generation };
  });
}

/**
 * Stores a checked sign-in URL (sign-in-url.ts) or removes it (null). A URL without a secret is
 * help_center_signing_secret_missing; removing one that was never set is a no-op. Answers the previous URL.
 */
export async function storeSignInUrl(
  ctx: Ctx,
  url: string | null,
): Promise<{ before: string | null; after: string | null }> {
  const [row] = await ctx.db.query<{ sign_in_url: string | null }>(
    'select sign_in_url from help_center_signing_secrets where workspace_id = $1 for update',
    [ctx.workspaceId],
  );
  if (!row) {
    if (url !== null) throw new DomainError('help_center_signing_secret_missing');
    return { before: null, after: null };
  }
  await ctx.db.query(
    'update help_center_signing_secrets set sign_in_url = $2, updated_at = $3 where workspace_id = $1',
    [ctx.workspaceId, url, ctx.clock.now()],
  );
  return { before: row.sign_in_url, after: url };
}
