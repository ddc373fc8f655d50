import type { Ctx } from '../context';
import { DomainError, notFound } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { EXPERIENCE_COLUMNS, type Experience, type ExperienceType, SESSIONED_TYPES } from './experience';

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

export async function createExperience(
  ctx: Ctx,
  input: { type: ExperienceType; name: string; slug: string },
): Promise<Experience> {
  if (!SLUG.test(input.slug))
    throw new DomainError(
      'validation_failed',
      { field: 'slug' },
      'slug must be lower-case letters, digits and dashes.',
    );
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<Experience>(
    `insert into experiences (workspace_id, id, type, name, slug, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 'draft', $6, $6) returning ${EXPERIENCE_COLUMNS}`,
    [ctx.workspaceId, newId(now), input.type, input.name, input.slug, now],
  );
  return row!;
}

/** Publishes a new version of the definition and makes it live; experience.published goes out. */
export async function publishExperience(
  ctx: Ctx,
  experienceId: string,
  definition: Record<string, unknown> = {},
): Promise<Experience> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const [current] = await db.query<{ n: number }>(
      `select coalesce(max(v.number), 0)::int as n from experiences e
       left join experience_versions v on v.workspace_id = e.workspace_id and v.experience_id = e.id
       where e.workspace_id = $1 and e.id = $2 group by e.id`,
      [ctx.workspaceId, experienceId],
    );
    if (!current) throw notFound('experience');
    const versionId = newId(now);
    await db.query(
      `insert into experience_versions (workspace_id, id, experience_id, number, definition, created_at, published_at)
       values ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
      [ctx.workspaceId, versionId, experienceId, current.n + 1, JSON.stringify(definition), now],
    );
    const [row] = await db.query<Experience>(
      `update experiences set status = 'published', live_version_id = $3, updated_at = $4
       where workspace_id = $1 and id = $2 returning ${EXPERIENCE_COLUMNS}`,
      [ctx.workspaceId, experienceId, versionId, now],
    );
    await emitEvent({ ...ctx, db }, 'experience.published', {
      experience_id: experienceId,
      version_id: versionId,
      type: row!.type,
    });
    return row!;
  });
}

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

/** Opens a session of a published tour, program or survey; experience.started goes out. */
export async function openSession(
  ctx: Ctx,
  input: { experienceId: string; itemsTotal?: number; lastUrl?: string } & Person,
): Promise<string> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const e = await liveVersion({ ...ctx, db }, input.experienceId);
    if (!SESSIONED_TYPES.includes(e.type))
      throw new DomainError('not_sessioned', {}, `A ${e.type} has no sessions.`);
    const id = newId(now);
    await db.query(
      `insert into experience_sessions (workspace_id, id, experience_id, version_id, contact_id, widget_visitor_id, state,
         items_total, last_url, started_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $9)`,
      [
        ctx.workspaceId,
        id,
        e.id,
        e.live_version_id,
        input.contactId ?? null,
        input.visitorId ?? null,
        input.itemsTotal ?? 0,
        input.lastUrl ?? null,
        now,
      ],
    );
    await emitEvent({ ...ctx, db }, 'experience.started', {
      experience_id: e.id,
      version_id: e.live_version_id,
      session_id: id,
      type: e.type,
      contact_id: input.contactId ?? null,
    });
    return id;
  });
}

export type EndReason = 'completed' | 'dismissed' | 'skipped' | 'target_missing';

/** Advances or ends a session. Completion (only) sends experience.completed; ending twice changes nothing. */
export async function updateSession(
  ctx: Ctx,
  sessionId: string,
  change: { stepCvid?: string; progress?: number; itemsDone?: number; lastUrl?: string; end?: EndReason },
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.tx(async (db) => {
    const [s] = await db.query<{
      state: string;
      experience_id: string;
      version_id: string;
      contact_id: string | null;
      items_total: number;
    }>(
      `select state, experience_id, version_id, contact_id, items_total from experience_sessions
       where workspace_id = $1 and id = $2 for update`,
      [ctx.workspaceId, sessionId],
    );
    if (!s) throw notFound('session');
    if (s.state !== 'active') return;
    const state = change.end === undefined ? 'active' : change.end === 'completed' ? 'completed' : 'ended';
    await db.query(
      `update experience_sessions set current_step_cvid = coalesce($3, current_step_cvid), progress = coalesce($4, progress),
         items_done = coalesce($5, items_done), last_url = coalesce($6, last_url), state = $7, end_reason = $8,
         ended_at = case when $7 = 'active' then null else $9::timestamptz end, updated_at = $9
       where workspace_id = $1 and id = $2`,
      [
        ctx.workspaceId,
        sessionId,
        change.stepCvid ?? null,
        change.end === 'completed' ? 1 : (change.progress ?? null),
        change.end === 'completed' && s.items_total > 0 ? s.items_total : (change.itemsDone ?? null),
        change.lastUrl ?? null,
        state,
        change.end ?? null,
        now,
      ],
    );
    if (change.end === 'completed') {
      await emitEvent({ ...ctx, db }, 'experience.completed', {
        experience_id: s.experience_id,
        version_id: s.version_id,
        session_id: sessionId,
        contact_id: s.contact_id,
        completed_at: now.toISOString(),
      });
    }
  });
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
