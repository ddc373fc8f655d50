import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import type { TourContent } from '../definition';
import type { WidgetTour } from '../widget-tour';
import { loadPreviewExperience } from './preview-experience';

/**
 * The previewed tour's draft as the widget plays it, under the experience's id as its version id (the
 * widget's session writes for it are preview writes). 404 when it is no longer a previewable tour.
 */
export async function getPreviewTour(ctx: Ctx, experienceId: string): Promise<WidgetTour> {
  const e = await loadPreviewExperience(ctx, experienceId);
  if (e?.type !== 'tour') throw notFound('tour');
  const [row] = await ctx.db.query<{ slug: string }>(
    'select slug from experiences where workspace_id = $1 and id = $2',
    [ctx.workspaceId, e.id],
  );
  const content = e.content as TourContent;
  return {
    experience_id: e.id,
    version_id: e.id,
    name: e.name,
    slug: row?.slug ?? '',
    steps: content.steps,
    feedback: content.feedback,
  };
}
