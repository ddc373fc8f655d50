import type { Ctx } from '../context';
import { notFound } from '../lib/errors';
import { readDefinition } from './authored-experience';
import type { TourContent, TourStep } from './definition';
import { type Person, personMatch } from './session';

/** A tour as the widget plays it. */
export interface WidgetTour {
  experience_id: string;
  version_id: string;
  name: string;
  slug: string;
  steps: TourStep[];
  feedback: TourContent['feedback'];
}

/**
 * A published tour of the workspace for the widget: its live version, or an older version the person has
 * an active session on (a visitor mid-tour finishes the version they started). Anything else, an
 * unpublished or foreign id included: 404.
 */
export async function getWidgetTour(
  ctx: Ctx,
  person: Person,
  experienceId: string,
  versionId?: string,
): Promise<WidgetTour> {
  const [e] = await ctx.db.query<{ id: string; name: string; slug: string; live_version_id: string }>(
    `select id, name, slug, live_version_id from experiences
     where workspace_id = $1 and id = $2 and type = 'tour' and status = 'published' and live_version_id is not null`,
    [ctx.workspaceId, experienceId],
  );
  if (!e) throw notFound('tour');
  const wanted = versionId ?? e.live_version_id;
  if (wanted !== e.live_version_id) {
    const running = await ctx.db.query(
      `select 1 from experience_sessions s where s.workspace_id = $1 and s.experience_id = $2 and s.version_id = $3
         and s.state = 'active' and ${personMatch('$4', '$5')} limit 1`,
      [ctx.workspaceId, e.id, wanted, person.visitorId, person.contactId],
    );
    if (running.length === 0) throw notFound('tour version');
  }
  const [v] = await ctx.db.query<{ definition: unknown }>(
    'select definition from experience_versions where workspace_id = $1 and id = $2 and experience_id = $3',
    [ctx.workspaceId, wanted, e.id],
  );
  if (!v) throw notFound('tour version');
  const content = readDefinition('tour', v.definition).content as TourContent;
  return {
    experience_id: e.id,
    version_id: wanted,
    name: e.name,
    slug: e.slug,
    steps: content.steps,
    feedback: content.feedback,
  };
}
