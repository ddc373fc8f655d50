import type { Ctx } from '../context';
import { type AuthoredExperience, type ExperienceListItem, loadAuthored } from './authored-experience';
import { EXPERIENCE_COLUMNS, type ExperienceStatus, type ExperienceType } from './experience';

/** The portal list, newest first, archived ones included (filter by status to leave them out). */
export async function listWorkspaceExperiences(
  ctx: Ctx,
  f: { type?: ExperienceType; status?: ExperienceStatus; beforeId: string | null; limit: number },
): Promise<ExperienceListItem[]> {
  return ctx.db.query<ExperienceListItem>(
    `select ${EXPERIENCE_COLUMNS}, archived_at from experiences
     where workspace_id = $1 and ($2::text is null or id < $2) and ($3::text is null or type = $3)
       and ($4::text is null or status = $4)
     order by id desc limit $5`,
    [ctx.workspaceId, f.beforeId, f.type ?? null, f.status ?? null, f.limit + 1],
  );
}

/** One experience with its draft and its live definition (404 for another workspace's id). */
export async function getWorkspaceExperience(ctx: Ctx, experienceId: string): Promise<AuthoredExperience> {
  return loadAuthored(ctx.db, ctx.workspaceId, experienceId);
}
