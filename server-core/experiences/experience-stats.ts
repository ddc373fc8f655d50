import type { Ctx } from '../context';

/** How far the audience got with one experience: its sessions by state, and its seen markers. */
export interface ExperienceStats {
  experience_id: string;
  sessions: number;
  active: number;
  completed: number;
  ended: number;
  seen: number;
  dismissed: number;
}

/**
 * The counts of every experience of the workspace that has any (an experience without a row has none).
 * Sessions count tours, programs and surveys; seen markers count launchers, banners and announcements.
 */
export async function listExperienceStats(ctx: Ctx): Promise<ExperienceStats[]> {
  return ctx.db.query<ExperienceStats>(
    `select experience_id, sum(sessions)::int as sessions, sum(active)::int as active,
       sum(completed)::int as completed, sum(ended)::int as ended, sum(seen)::int as seen,
       sum(dismissed)::int as dismissed
     from (
       select experience_id, count(*) as sessions, count(*) filter (where state = 'active') as active,
         count(*) filter (where state = 'completed') as completed, count(*) filter (where state = 'ended') as ended,
         0 as seen, 0 as dismissed
       from experience_sessions where workspace_id = $1 group by experience_id
       union all
       select experience_id, 0, 0, 0, 0, count(*), count(*) filter (where dismissed_at is not null)
       from experience_seen where workspace_id = $1 group by experience_id
     ) counts
     group by experience_id order by experience_id desc`,
    [ctx.workspaceId],
  );
}
