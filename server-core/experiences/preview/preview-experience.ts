import type { Ctx } from '../../context';
import { DomainError, notFound } from '../../lib/errors';
import { readDefinition } from '../authored-experience';
import { EVALUATORS } from '../decision/evaluators';
import { compileExperience, type IndexedExperience } from '../decision/experience-index';
import type { ExperienceType } from '../experience';

/** Outranks any priority a draft can hold (check-definition bounds it): the previewed experience takes the slot. */
const PREVIEW_PRIORITY = Number.MAX_SAFE_INTEGER;

interface DraftRow {
  id: string;
  type: ExperienceType;
  name: string;
  status: string;
  draft: unknown;
}

/**
 * Why an experience cannot be previewed, or null when it can: trackers deliver nothing to the page, an
 * archived experience takes no writes, and a draft the decision could not deliver (a tour without a step,
 * a program without its sections) has nothing to show yet.
 */
export function previewProblem(row: DraftRow, compiled: IndexedExperience | null): string | null {
  if (!EVALUATORS[row.type]) return `a ${row.type} shows nothing on the page, so it has no preview`;
  if (row.status === 'archived') return 'an archived experience has no preview';
  if (!compiled) return `the draft has nothing to show yet (a ${row.type} needs its content first)`;
  return null;
}

/**
 * The draft as the decision's index would hold it once published, under the experience's own id as its
 * version id (no version row has it: writes for it are preview writes, never recorded), with what the
 * preview ignores cleared: browser triggers, and a priority that outranks every published experience.
 * Pages, audience, window, attributes, events, elements and frequency are ignored by force-preview.ts.
 */
export function compilePreview(row: DraftRow, now: Date): IndexedExperience | null {
  if (!EVALUATORS[row.type] || row.status === 'archived') return null;
  const compiled = compileExperience({
    id: row.id,
    type: row.type,
    name: row.name,
    version_id: row.id,
    definition: readDefinition(row.type, row.draft),
    published_at: now,
  });
  return compiled && { ...compiled, triggers: {}, priority: PREVIEW_PRIORITY, elements: [] };
}

async function loadDraftRow(ctx: Ctx, experienceId: string): Promise<DraftRow | null> {
  const [row] = await ctx.db.query<DraftRow>(
    'select id, type, name, status, draft from experiences where workspace_id = $1 and id = $2',
    [ctx.workspaceId, experienceId],
  );
  return row ?? null;
}

/** The previewed experience for a decision or a tour fetch; null when it is gone or no longer previewable. */
export async function loadPreviewExperience(
  ctx: Ctx,
  experienceId: string,
): Promise<IndexedExperience | null> {
  const row = await loadDraftRow(ctx, experienceId);
  return row && compilePreview(row, ctx.clock.now());
}

/** The experience for a new preview link: 404 when not the workspace's, 422 (field `experience`) when not previewable. */
export async function requirePreviewable(ctx: Ctx, experienceId: string): Promise<IndexedExperience> {
  const row = await loadDraftRow(ctx, experienceId);
  if (!row) throw notFound('experience');
  const compiled = compilePreview(row, ctx.clock.now());
  const problem = previewProblem(row, compiled);
  if (problem || !compiled)
    throw new DomainError(
      'validation_failed',
      { field: 'experience', rule: 'previewable' },
      `Not previewable: ${problem}.`,
    );
  return compiled;
}
