import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { EXPERIENCE_COLUMNS, type Experience, SESSIONED_TYPES } from './experience';

/**
 * Seen markers of the session-less types. Authoring lives in create-experience.ts, update-experience.ts,
 * publish-experience.ts and unpublish-experience.ts; sessions in open-session.ts, update-session.ts and
 * move-program-item.ts.
 */

interface Person {
  contactId?: string | null;
  visitorId?: string | null;
}

async function liveVersion(
  ctx: Ctx,
  experienceId: string,
): Promise<Experience & { live_version_id: string }> {
  const [e] = await ctx.db.query<Experience>(
    `select ${EXPERIENCE_COLUMNS} from experiences where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, experienceId],
  );
  if (e?.status !== 'published' || !e.live_version_id) throw notFound('published experience');
  return e as Experience & { live_version_id: string };
}

/** A launcher, banner or announcement seen (once per person and version), optionally dismissed. */
export async function recordSeen(
  ctx: Ctx,
  input: { experienceId: string; dismissed?: boolean; lastUrl?: string } & Person,
): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const e = await liveVersion({ ...ctx, db }, input.experienceId);
    if (SESSIONED_TYPES.includes(e.type))
      throw new DomainError('sessioned', {}, `A ${e.type} records sessions, not seen markers.`);
    const [existing] = await db.query<{ id: string }>(
      `select id from experience_seen where workspace_id = $1 and experience_id = $2 and version_id = $3
         and (($4::text is not null and contact_id = $4) or ($4::text is null and widget_visitor_id = $5)) for update`,
      [ctx.workspaceId, e.id, e.live_version_id, input.contactId ?? null, input.visitorId ?? null],
    );
    if (existing) {
      await db.query(
        `update experience_seen set dismissed_at = coalesce(dismissed_at, $3), activations = activations + 1,
           last_url = coalesce($4, last_url), updated_at = $5 where workspace_id = $1 and id = $2`,
        [ctx.workspaceId, existing.id, input.dismissed ? now : null, input.lastUrl ?? null, now],
      );
      return existing.id;
    }
    const id = newId(now);
    await db.query(
      `insert into experience_seen (workspace_id, id, experience_id, version_id, contact_id, widget_visitor_id, seen_at,
         dismissed_at, activations, last_url, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $7)`,
      [
        ctx.workspaceId,
        id,
        e.id,
        e.live_version_id,
        input.contactId ?? null,
        input.visitorId ?? null,
        now,
        input.dismissed ? now : null,
        input.lastUrl ?? null,
      ],
    );
    return id;
  });
}
