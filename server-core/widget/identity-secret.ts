import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import { randomToken } from '../lib/crypto';
import type { SecretBox } from '../lib/secret-box';

/**
 * The widget identity secret: `wis_` + 43 base64url characters (32 random bytes), used as-is (its UTF-8
 * bytes) as the HMAC and HS256 key. Sealed at rest, bound to the workspace and generation; each
 * rotation raises the generation, which is what unverifies visitors proven under the old secret.
 */
export const IDENTITY_SECRET_PREFIX = 'wis_';

const sealContext = (workspaceId: string, generation: number) =>
  `widget-identity-secret:${workspaceId}:${generation}`;

export interface IdentitySecretStatus {
  configured: boolean;
  rotated_at: Date | null;
}

export async function getIdentitySecretStatus(ctx: Ctx): Promise<IdentitySecretStatus> {
  const rows = await ctx.db.query<{ rotated_at: Date }>(
    'select rotated_at from widget_identity_secrets where workspace_id = $1',
    [ctx.workspaceId],
  );
  return { configured: rows.length > 0, rotated_at: rows[0]?.rotated_at ?? null };
}

/** The current secret and its generation, opened; null while none is configured. */
export async function openIdentitySecret(
  db: Sql,
  box: SecretBox,
  workspaceId: string,
): Promise<{ secret: string; generation: number } | null> {
  const rows = await db.query<{ secret_sealed: string; generation: number }>(
    'select secret_sealed, generation from widget_identity_secrets where workspace_id = $1',
    [workspaceId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    secret: box.open(row.secret_sealed, sealContext(workspaceId, row.generation)),
    generation: row.generation,
  };
}

/** A new secret replaces the old at once (the first rotation creates it). */
export async function rotateIdentitySecret(
  ctx: Ctx,
  box: SecretBox,
): Promise<{ secret: string; rotated_at: Date; generation: number }> {
  const secret = `${IDENTITY_SECRET_PREFIX}${randomToken(32)}`;
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    await db.query("select pg_advisory_xact_lock(hashtext('widget-identity-secret:' || $1))", [
      ctx.workspaceId,
    ]);
    const [current] = await db.query<{ generation: number }>(
      'select generation from widget_identity_secrets where workspace_id = $1 for update',
      [ctx.workspaceId],
    );
    const generation = (current?.generation ?? 0) + 1;
    await db.query(
      `insert into widget_identity_secrets (workspace_id, secret_sealed, generation, rotated_at) values ($1, $2, $3, $4)
       on conflict (workspace_id) do update set secret_sealed = excluded.secret_sealed,
         generation = excluded.generation, rotated_at = excluded.rotated_at`,
      [ctx.workspaceId, box.seal(secret, sealContext(ctx.workspaceId, generation)), generation, now],
    );
    return { secret, rotated_at: now, generation };
  });
}
