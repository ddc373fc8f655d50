import type { Ctx } from '../context';

/**
 * Records an accepted assertion id for this workspace until `keepUntil`. False when the id is already
 * recorded and still kept (a replay); an expired record is replaced. One statement: two concurrent
 * posts of one assertion cannot both record it.
 */
export async function recordAssertionId(ctx: Ctx, assertionId: string, keepUntil: Date): Promise<boolean> {
  const now = ctx.clock.now();
  const rows = await ctx.db.query(
    `insert into saml_assertion_ids (workspace_id, assertion_id, accepted_at, expires_at) values ($1, $2, $3, $4)
     on conflict (workspace_id, assertion_id) do update set accepted_at = excluded.accepted_at, expires_at = excluded.expires_at
       where saml_assertion_ids.expires_at <= $3
     returning assertion_id`,
    [ctx.workspaceId, assertionId, now, keepUntil],
  );
  return rows.length === 1;
}
