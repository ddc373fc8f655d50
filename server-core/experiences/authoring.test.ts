import { expect, it } from 'vitest';
import type { Db } from '../db/db';
import type { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { bannerDraft, programDraft, tourDraft, tourStep, urlItem } from '../testing/experience-drafts';
import { makeWorkspace } from '../testing/fixtures';
import { createExperience } from './create-experience';
import type { TourContent } from './definition';
import { openSession } from './open-session';
import { publishExperience } from './publish-experience';
import { archiveExperience, unpublishExperience } from './unpublish-experience';
import { updateExperience } from './update-experience';
import { getWorkspaceExperience, listWorkspaceExperiences } from './workspace-experiences';

const refusal = async (p: Promise<unknown>) => {
  const e = (await p.then(
    () => null,
    (err: unknown) => err,
  )) as DomainError | null;
  if (!e) throw new Error('expected a refusal');
  return { code: e.code, details: e.details as Record<string, unknown> };
};

describeDb('experience authoring', (getDb) => {
  const setup = async () => {
    const db: Db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const outbox = async () =>
      db.query<{ type: string; data: Record<string, unknown> }>(
        `select type, data from outbox where workspace_id = $1 and type like 'experience.%' order by id`,
        [ws.id],
      );
    const audit = async () =>
      (
        await db.query<{ action: string }>(
          `select action from audit_log where workspace_id = $1 and action like 'experience.%' order by id`,
          [ws.id],
        )
      ).map((r) => r.action);
    return { db, ws, ctx, outbox, audit };
  };

  it('create: the draft is checked and given ids; slugs are derived and unique; tours may leave the draft out', async () => {
    const { ctx } = await setup();
    const tour = await createExperience(ctx, { type: 'tour', name: '  Welcome tour ', draft: tourDraft() });
    expect(tour).toMatchObject({
      name: 'Welcome tour',
      slug: 'welcome-tour',
      status: 'draft',
      live_version_id: null,
    });
    const steps = (tour.draft.content as TourContent).steps;
    expect(steps.map((s) => s.id)).toEqual([
      expect.stringMatching(/^[0-9a-z]{26}$/),
      expect.stringMatching(/^[0-9a-z]{26}$/),
    ]);
    expect(tour.published_definition).toBeNull();
    const again = await createExperience(ctx, { type: 'tour', name: 'Welcome tour' });
    expect(again.slug).toBe('welcome-tour-2');
    expect((again.draft.content as TourContent).steps).toEqual([]);
    expect(
      await refusal(createExperience(ctx, { type: 'tour', name: 'X', slug: 'welcome-tour' })),
    ).toMatchObject({
      code: 'slug_taken',
    });
    expect(await refusal(createExperience(ctx, { type: 'banner', name: 'No content' }))).toMatchObject({
      code: 'validation_failed',
      details: { field: 'draft' },
    });
    const bad = await refusal(
      createExperience(ctx, {
        type: 'tour',
        name: 'Bad',
        draft: tourDraft([tourStep('A', { target: { selector: '' } })]),
      }),
    );
    expect(bad.details.issues).toEqual([
      expect.objectContaining({ path: 'draft.content.steps.0.target.selector' }),
    ]);
  });

  it('update keeps step ids, publish freezes a version, a republish makes another; the live one stays until then', async () => {
    const { ctx, outbox, audit } = await setup();
    const e = await createExperience(ctx, { type: 'tour', name: 'Tour', draft: tourDraft() });
    const [first, second] = (e.draft.content as TourContent).steps;
    const v1 = await publishExperience(ctx, e.id);
    expect(v1.status).toBe('published');
    expect(v1.published_definition).toEqual(v1.draft);
    const edited = await updateExperience(ctx, e.id, {
      name: 'Tour, edited',
      draft: tourDraft([{ ...first!, title: 'Hello' }, second!, tourStep('New')]),
    });
    const editedSteps = (edited.draft.content as TourContent).steps;
    expect(editedSteps.slice(0, 2).map((s) => s.id)).toEqual([first!.id, second!.id]);
    expect(edited.live_version_id).toBe(v1.live_version_id);
    expect((edited.published_definition!.content as TourContent).steps[0]!.title).toBe('Welcome');
    const v2 = await publishExperience(ctx, e.id);
    expect(v2.live_version_id).not.toBe(v1.live_version_id);
    expect((v2.published_definition!.content as TourContent).steps).toHaveLength(3);
    const events = await outbox();
    expect(events.map((x) => [x.type, x.data.version_id])).toEqual([
      ['experience.published', v1.live_version_id],
      ['experience.published', v2.live_version_id],
    ]);
    expect(Object.keys(events[0]!.data).sort()).toEqual([
      'experience_id',
      'published_at',
      'type',
      'version_id',
    ]);
    expect(await audit()).toEqual(['experience.published', 'experience.published']);
  });

  it('publish checks what only a publish can: a step, an item, references to this workspace', async () => {
    const { db, ctx } = await setup();
    const empty = await createExperience(ctx, { type: 'tour', name: 'Empty' });
    expect(await refusal(publishExperience(ctx, empty.id))).toEqual({
      code: 'validation_failed',
      details: {
        location: 'draft',
        issues: [expect.objectContaining({ path: 'draft.content.steps', code: 'required' })],
      },
    });
    const otherWs = await makeWorkspace(db);
    const foreignTour = await createExperience(testCtx(db, otherWs.id), {
      type: 'tour',
      name: 'Theirs',
      draft: tourDraft(),
    });
    const draftTour = await createExperience(ctx, {
      type: 'tour',
      name: 'Mine, a draft',
      draft: tourDraft(),
    });
    const banner = await createExperience(ctx, { type: 'banner', name: 'Banner', draft: bannerDraft() });
    const program = await createExperience(ctx, {
      type: 'program',
      name: 'Program',
      draft: programDraft([
        { title: 'Mine', description: '', kind: 'tour', tour_id: draftTour.id.toUpperCase() },
        { title: 'Theirs', description: '', kind: 'tour', tour_id: foreignTour.id },
        { title: 'Not a tour', description: '', kind: 'tour', tour_id: banner.id },
        { title: 'Guide', description: '', kind: 'guide', guide_id: newId() },
        urlItem('Docs'),
      ]),
    });
    const refused = await refusal(publishExperience(ctx, program.id));
    expect(
      (refused.details.issues as { path: string; code: string }[]).map((i) => `${i.path} ${i.code}`),
    ).toEqual([
      'draft.content.sections.0.items.1.tour_id unknown_tour',
      'draft.content.sections.0.items.2.tour_id unknown_tour',
      'draft.content.sections.0.items.3.guide_id unknown_guide',
    ]);
    const fixed = await updateExperience(ctx, program.id, {
      draft: programDraft([
        { title: 'Mine', description: '', kind: 'tour', tour_id: draftTour.id },
        urlItem('Docs'),
      ]),
    });
    expect((await publishExperience(ctx, fixed.id)).status).toBe('published'); // a draft tour counts: any status
    const noItems = await createExperience(ctx, { type: 'program', name: 'Nothing' });
    expect(await refusal(publishExperience(ctx, noItems.id))).toMatchObject({ code: 'validation_failed' });
  });

  it('unpublish ends active sessions (unpublished, no completion) and archive leaves only reads', async () => {
    const { db, ctx, outbox, audit } = await setup();
    const e = await publishExperience(
      ctx,
      (await createExperience(ctx, { type: 'tour', name: 'T', draft: tourDraft() })).id,
    );
    const person = { visitorId: 'v1', contactId: null };
    const { session } = await openSession(ctx, person, { versionId: e.live_version_id!, trigger: 'auto' });
    const off = await unpublishExperience(ctx, e.id);
    expect(off).toMatchObject({ status: 'draft', live_version_id: null, published_definition: null });
    const [row] = await db.query<{ state: string; end_reason: string }>(
      'select state, end_reason from experience_sessions where workspace_id = $1 and id = $2',
      [ctx.workspaceId, session.id],
    );
    expect(row).toEqual({ state: 'ended', end_reason: 'unpublished' });
    expect((await unpublishExperience(ctx, e.id)).status).toBe('draft'); // again: nothing happens
    const republished = await publishExperience(ctx, e.id);
    await openSession(ctx, person, { versionId: republished.live_version_id!, trigger: 'start' });
    const archived = await archiveExperience(ctx, e.id);
    expect(archived).toMatchObject({ status: 'archived', live_version_id: null });
    expect(archived.archived_at).not.toBeNull();
    expect(await archiveExperience(ctx, e.id)).toEqual(archived);
    expect(await refusal(updateExperience(ctx, e.id, { name: 'Again' }))).toMatchObject({
      code: 'experience_archived',
      details: { experience_id: e.id },
    });
    expect(await refusal(publishExperience(ctx, e.id))).toMatchObject({ code: 'experience_archived' });
    expect((await outbox()).map((x) => [x.type, x.data.archived ?? null])).toEqual([
      ['experience.published', null],
      ['experience.started', null],
      ['experience.unpublished', false],
      ['experience.published', null],
      ['experience.started', null],
      ['experience.unpublished', true],
    ]);
    expect(await audit()).toEqual([
      'experience.published',
      'experience.unpublished',
      'experience.published',
      'experience.archived',
    ]);
    const draftOnly = await createExperience(ctx, { type: 'tour', name: 'Draft' });
    await archiveExperience(ctx, draftOnly.id);
    expect((await outbox()).filter((x) => x.type === 'experience.unpublished')).toHaveLength(2);
  });

  it('lists newest first with filters, reads one with its draft, and never another workspace’s', async () => {
    const { db, ctx } = await setup();
    const a = await createExperience(ctx, { type: 'tour', name: 'A' });
    const b = await createExperience(ctx, { type: 'banner', name: 'B', draft: bannerDraft() });
    await archiveExperience(ctx, a.id);
    const all = await listWorkspaceExperiences(ctx, { beforeId: null, limit: 10 });
    expect(all.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(all[1]!.archived_at).not.toBeNull();
    expect(
      (await listWorkspaceExperiences(ctx, { type: 'banner', beforeId: null, limit: 10 })).map((e) => e.id),
    ).toEqual([b.id]);
    expect(
      (await listWorkspaceExperiences(ctx, { status: 'archived', beforeId: null, limit: 10 })).map(
        (e) => e.id,
      ),
    ).toEqual([a.id]);
    expect((await getWorkspaceExperience(ctx, b.id)).draft.content).toMatchObject({ message: 'Spring sale' });
    const other = testCtx(db, (await makeWorkspace(db)).id);
    expect(await refusal(getWorkspaceExperience(other, b.id))).toMatchObject({ code: 'not_found' });
    expect(await refusal(updateExperience(other, b.id, { name: 'Mine' }))).toMatchObject({
      code: 'not_found',
    });
    expect(await refusal(publishExperience(other, b.id))).toMatchObject({ code: 'not_found' });
    expect(await refusal(archiveExperience(other, b.id))).toMatchObject({ code: 'not_found' });
  });
});
