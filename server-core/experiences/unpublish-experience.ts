import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import { emitEvent } from '../outbox/emit-event';
import { notifyWidgets } from '../realtime/notify-widgets';
import { type AuthoredExperience, loadAuthored } from './authored-experience';
import { notifyExperiencesChanged } from './decision/notify-experiences-changed';

/** The end reason of the sessions an unpublish or archive ends (never an experience.completed). */
export const UNPUBLISHED_END_REASON = 'unpublished';

/**
 * Takes a published experience off the air, in the caller's transaction: every active session ends with
 * end reason `unpublished`, experience.unpublished goes out, the workspace's widgets are told
 * (`experience.unpublished` over the realtime socket: a running tour stops) and the decision caches drop.
 * Returns how many sessions ended.
 */
async function takeOffAir(ctx: Ctx, e: AuthoredExperience, archived: boolean): Promise<number> {
  const now = ctx.clock.now();
  const ended = await ctx.db.query(
    `update experience_sessions set state = 'ended', end_reason = $3, ended_at = $4, updated_at = $4
     where workspace_id = $1 and experience_id = $2 and state = 'active' returning id`,
    [ctx.workspaceId, e.id, UNPUBLISHED_END_REASON, now],
  );
  await emitEvent(ctx, 'experience.unpublished', {
    experience_id: e.id,
    type: e.type,
    version_id: e.live_version_id,
    archived,
    unpublished_at: now.toISOString(),
  });
  await notifyWidgets(
    ctx.db,
    { workspaceId: ctx.workspaceId },
    { type: 'experience.unpublished', experience_id: e.id },
  );
  return ended.length;
}

/**
 * Unpublishes: back to draft with no live version, every active session ended (`unpublished`),
 * experience.unpublished, the widgets told, an audit entry, in one transaction. An experience that is not
 * published is returned unchanged and nothing is announced.
 */
export async function unpublishExperience(ctx: Ctx, experienceId: string): Promise<AuthoredExperience> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadAuthored(db, ctx.workspaceId, experienceId, true);
    if (current.status !== 'published') return current;
    await db.query(
      `update experiences set status = 'draft', live_version_id = null, updated_at = $3
       where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, current.id, now],
    );
    const sessionsEnded = await takeOffAir(tctx, current, false);
    await recordAudit(tctx, {
      action: 'experience.unpublished',
      targetType: 'experience',
      targetId: current.id,
      data: { type: current.type, version_id: current.live_version_id, sessions_ended: sessionsEnded },
    });
    await notifyExperiencesChanged(db, ctx.workspaceId);
    return loadAuthored(db, ctx.workspaceId, current.id);
  });
}

/**
 * Archives from any status: a published experience is taken off the air first (as unpublish does, with
 * experience.unpublished); afterwards only reads work. An audit entry either way; archiving an archived
 * experience returns it unchanged.
 */
export async function archiveExperience(ctx: Ctx, experienceId: string): Promise<AuthoredExperience> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadAuthored(db, ctx.workspaceId, experienceId, true);
    if (current.status === 'archived') return current;
    await db.query(
      `update experiences set status = 'archived', live_version_id = null, archived_at = $3, updated_at = $3
       where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, current.id, now],
    );
    const wasPublished = current.status === 'published';
    const sessionsEnded = wasPublished ? await takeOffAir(tctx, current, true) : 0;
    await recordAudit(tctx, {
      action: 'experience.archived',
      targetType: 'experience',
      targetId: current.id,
      data: { type: current.type, was_published: wasPublished, sessions_ended: sessionsEnded },
    });
    if (wasPublished) await notifyExperiencesChanged(db, ctx.workspaceId);
    return loadAuthored(db, ctx.workspaceId, current.id);
  });
}
