import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import {
  EXPERIENCE_COLUMNS,
  type Experience,
  type ExperienceStatus,
  type ExperienceType,
} from './experience';

export async function listExperiences(
  ctx: Ctx,
  f: { type?: ExperienceType; status?: ExperienceStatus; beforeId: string | null; limit: number },
): Promise<Experience[]> {
  return ctx.db.query<Experience>(
    `select ${EXPERIENCE_COLUMNS} from experiences
     where workspace_id = $1 and ($2::text is null or id < $2) and ($3::text is null or type = $3) and ($4::text is null or status = $4)
     order by id desc limit $5`,
    [ctx.workspaceId, f.beforeId, f.type ?? null, f.status ?? null, f.limit + 1],
  );
}

export async function getExperience(ctx: Ctx, experienceId: string): Promise<Experience> {
  const [row] = await ctx.db.query<Experience>(
    `select ${EXPERIENCE_COLUMNS} from experiences where workspace_id = $1 and id = $2`,
    [ctx.workspaceId, experienceId],
  );
  if (!row) throw notFound('experience');
  return row;
}

export interface ProgressRow {
  id: string;
  session_id: string;
  contact_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  widget_visitor_id: string | null;
  version_id: string | null;
  state: 'active' | 'completed' | 'ended';
  end_reason: string | null;
  progress: number;
  items_done: number;
  items_total: number;
  current_step_cvid: string | null;
  started_at: Date;
  ended_at: Date | null;
  last_url: string | null;
  /** The end-of-tour answer given with completion (tours only; null otherwise and for seen markers). */
  feedback_rating: number | null;
  feedback_comment: string | null;
}

/**
 * Progress rows, newest first: one per session for sessioned types; one per seen marker for the
 * session-less ones (state completed, or ended with end_reason dismissed; version_id null as the spec says).
 * A completed tour's row carries the end-of-tour rating and comment: an API key with `experiences:read`
 * may read the comment here, while webhooks never carry it (docs/decisions/experiences.md).
 */
export async function listProgress(
  ctx: Ctx,
  experienceId: string,
  f: { state?: ProgressRow['state']; contactId?: string; beforeId: string | null; limit: number },
): Promise<ProgressRow[]> {
  await getExperience(ctx, experienceId);
  return ctx.db.query<ProgressRow>(
    `select * from (
       select s.id, s.id as session_id, s.contact_id, c.name as contact_name, c.email as contact_email, s.widget_visitor_id,
         s.version_id, s.state, s.end_reason, s.progress, s.items_done, s.items_total, s.current_step_cvid, s.started_at,
         s.ended_at, s.last_url, s.feedback_rating, s.feedback_comment
       from experience_sessions s left join contacts c on c.workspace_id = s.workspace_id and c.id = s.contact_id
       where s.workspace_id = $1 and s.experience_id = $2
       union all
       select m.id, m.id, m.contact_id, c.name, c.email, m.widget_visitor_id, null,
         case when m.dismissed_at is null then 'completed' else 'ended' end,
         case when m.dismissed_at is null then null else 'dismissed' end,
         1, 0, 0, null, m.seen_at, coalesce(m.dismissed_at, m.seen_at), m.last_url, null::int, null::text
       from experience_seen m left join contacts c on c.workspace_id = m.workspace_id and c.id = m.contact_id
       where m.workspace_id = $1 and m.experience_id = $2
     ) rows
     where ($3::text is null or id < $3) and ($4::text is null or state = $4) and ($5::text is null or contact_id = $5)
     order by id desc limit $6`,
    [ctx.workspaceId, experienceId, f.beforeId, f.state ?? null, f.contactId ?? null, f.limit + 1],
  );
}

export interface LedgerEntry {
  experience_id: string;
  name: string;
  slug: string;
  type: ExperienceType;
  state: 'active' | 'completed' | 'dismissed' | 'seen';
  session_id: string | null;
  version_id: string | null;
  progress: number | null;
  items_done: number | null;
  items_total: number | null;
  started_at: Date | null;
  ended_at: Date | null;
  seen_at: Date | null;
  dismissed_at: Date | null;
}

/**
 * The contact's ledger: one entry per experience met, its state by precedence
 * active > completed > dismissed > seen (a session ended as dismissed or skipped reads dismissed;
 * other ended sessions and plain markers read seen). Experiences never met have no entry.
 */
export async function contactLedger(ctx: Ctx, contactId: string): Promise<LedgerEntry[]> {
  const contact = await ctx.db.query('select 1 from contacts where workspace_id = $1 and id = $2', [
    ctx.workspaceId,
    contactId,
  ]);
  if (contact.length === 0) throw notFound('contact');
  return ctx.db.query<LedgerEntry>(
    `with met as (
       select s.experience_id, s.id as session_id, s.version_id, s.progress, s.items_done, s.items_total, s.started_at, s.ended_at,
         null::timestamptz as seen_at,
         case when s.state = 'ended' and s.end_reason in ('dismissed', 'skipped') then s.ended_at end as dismissed_at,
         case s.state when 'active' then 'active' when 'completed' then 'completed'
           else case when s.end_reason in ('dismissed', 'skipped') then 'dismissed' else 'seen' end end as state
       from experience_sessions s where s.workspace_id = $1 and s.contact_id = $2
       union all
       select m.experience_id, null, m.version_id, null, null, null, null, null, m.seen_at, m.dismissed_at,
         case when m.dismissed_at is null then 'seen' else 'dismissed' end
       from experience_seen m where m.workspace_id = $1 and m.contact_id = $2
     ), ranked as (
       select met.*, row_number() over (partition by experience_id order by
         case state when 'active' then 1 when 'completed' then 2 when 'dismissed' then 3 else 4 end,
         coalesce(started_at, seen_at) desc) as rank
       from met
     )
     select e.id as experience_id, e.name, e.slug, e.type, r.state, r.session_id, r.version_id, r.progress, r.items_done,
       r.items_total, r.started_at, r.ended_at, r.seen_at, r.dismissed_at
     from ranked r join experiences e on e.workspace_id = $1 and e.id = r.experience_id
     where r.rank = 1 order by e.id desc`,
    [ctx.workspaceId, contactId],
  );
}
