import { recordAudit } from '../audit/record-audit';
import type { Ctx } from '../context';
import type { Sql } from '../db/db';
import type { Issue } from '../lib/errors';
import { newId } from '../lib/ulid';
import { emitEvent } from '../outbox/emit-event';
import { type AuthoredExperience, assertNotArchived, loadAuthored } from './authored-experience';
import { definitionIssues, throwIssues } from './check-definition';
import { notifyExperiencesChanged } from './decision/notify-experiences-changed';
import type { Definition, LauncherContent, ProgramContent, SurveyContent, TourContent } from './definition';

/** What only a publish checks: something to show, and references to this workspace's tours and guides. */
export async function publishIssues(db: Sql, workspaceId: string, e: AuthoredExperience): Promise<Issue[]> {
  const issues: Issue[] = [];
  const def: Definition = e.draft;
  const tours: { path: string; id: string }[] = [];
  const guides: { path: string; id: string }[] = [];
  if (e.type === 'tour' && (def.content as TourContent).steps.length === 0)
    issues.push({
      path: 'draft.content.steps',
      code: 'required',
      message: 'A tour needs at least one step.',
    });
  if (e.type === 'survey' && (def.content as SurveyContent).questions.length === 0)
    issues.push({
      path: 'draft.content.questions',
      code: 'required',
      message: 'A survey needs at least one question.',
    });
  if (e.type === 'program') {
    const { sections } = def.content as ProgramContent;
    if (sections.every((s) => s.items.length === 0))
      issues.push({
        path: 'draft.content.sections',
        code: 'required',
        message: 'A program needs at least one item.',
      });
    for (const [i, s] of sections.entries()) {
      for (const [j, item] of s.items.entries()) {
        const at = `draft.content.sections.${i}.items.${j}`;
        if (item.kind === 'tour' && item.tour_id) tours.push({ path: `${at}.tour_id`, id: item.tour_id });
        if (item.kind === 'guide' && item.guide_id)
          guides.push({ path: `${at}.guide_id`, id: item.guide_id });
      }
    }
  }
  if (e.type === 'launcher') {
    const { action } = def.content as LauncherContent;
    if (action.type === 'start_tour')
      tours.push({ path: 'draft.content.action.tour_id', id: action.tour_id });
  }
  const known = async (sql: string, refs: { id: string }[]) =>
    refs.length === 0
      ? new Set<string>()
      : new Set((await db.query<{ id: string }>(sql, [workspaceId, refs.map((r) => r.id)])).map((r) => r.id));
  const liveTours = await known(
    `select id from experiences where workspace_id = $1 and type = 'tour' and id = any($2::text[])`,
    tours,
  );
  for (const t of tours)
    if (!liveTours.has(t.id))
      issues.push({ path: t.path, code: 'unknown_tour', message: 'No tour of this workspace has this id.' });
  const knownGuides = await known(
    'select id from guides where workspace_id = $1 and id = any($2::text[])',
    guides,
  );
  for (const g of guides)
    if (!knownGuides.has(g.id))
      issues.push({
        path: g.path,
        code: 'unknown_guide',
        message: 'No guide of this workspace has this id.',
      });
  return issues;
}

/**
 * Publishes the draft as a new immutable version and makes it live: experience.published, an audit entry
 * and the decision caches dropped, in one transaction. Publishing again makes another version; sessions
 * keep the version they started on. The draft is checked again (every rule, and what only a publish
 * checks: 422 naming the field). An archived experience answers 409 experience_archived.
 */
export async function publishExperience(ctx: Ctx, experienceId: string): Promise<AuthoredExperience> {
  const now = ctx.clock.now();
  return ctx.db.tx(async (db) => {
    const tctx = { ...ctx, db };
    const current = await loadAuthored(db, ctx.workspaceId, experienceId, true);
    assertNotArchived(current);
    throwIssues(
      [
        ...definitionIssues(current.type, current.draft),
        ...(await publishIssues(db, ctx.workspaceId, current)),
      ],
      'draft',
    );
    const [last] = await db.query<{ n: number }>(
      'select coalesce(max(number), 0)::int as n from experience_versions where workspace_id = $1 and experience_id = $2',
      [ctx.workspaceId, current.id],
    );
    const versionId = newId(now);
    const number = last!.n + 1;
    await db.query(
      `insert into experience_versions (workspace_id, id, experience_id, number, definition, created_at, published_at)
       values ($1, $2, $3, $4, $5::jsonb, $6, $6)`,
      [ctx.workspaceId, versionId, current.id, number, JSON.stringify(current.draft), now],
    );
    await db.query(
      `update experiences set status = 'published', live_version_id = $3, updated_at = $4
       where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, current.id, versionId, now],
    );
    await emitEvent(tctx, 'experience.published', {
      experience_id: current.id,
      type: current.type,
      version_id: versionId,
      published_at: now.toISOString(),
    });
    await recordAudit(tctx, {
      action: 'experience.published',
      targetType: 'experience',
      targetId: current.id,
      data: { type: current.type, version_id: versionId, number },
    });
    await notifyExperiencesChanged(db, ctx.workspaceId);
    return loadAuthored(db, ctx.workspaceId, current.id);
  });
}
