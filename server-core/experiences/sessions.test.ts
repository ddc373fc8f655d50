import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import type { Db } from '../db/db';
import type { DomainError } from '../lib/errors';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { bannerDraft, programDraft, tourDraft, tourStep, urlItem } from '../testing/experience-drafts';
import { makeWorkspace } from '../testing/fixtures';
import { createExperience } from './create-experience';
import type { ProgramContent, TourContent } from './definition';
import { moveProgramItem } from './move-program-item';
import { openSession } from './open-session';
import { publishExperience } from './publish-experience';
import { contactLedger, listProgress } from './read-experiences';
import type { Person } from './session';
import { unpublishExperience } from './unpublish-experience';
import { updateExperience } from './update-experience';
import { updateSession } from './update-session';
import { getWidgetTour } from './widget-tour';

const refusal = async (p: Promise<unknown>) => {
  const e = (await p.then(
    () => null,
    (err: unknown) => err,
  )) as DomainError | null;
  if (!e) throw new Error('expected a refusal');
  return { code: e.code, details: e.details as Record<string, unknown> };
};

describeDb('experience sessions', (getDb) => {
  const setup = async () => {
    const db: Db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const events = async (type: string) =>
      db.query<{ data: Record<string, unknown> }>(
        'select data from outbox where workspace_id = $1 and type = $2 order by id',
        [ws.id, type],
      );
    const tour = await publishExperience(
      ctx,
      (
        await createExperience(ctx, {
          type: 'tour',
          name: 'Tour',
          draft: tourDraft([tourStep('A'), tourStep('B'), tourStep('C'), tourStep('D')], { feedback: true }),
        })
      ).id,
    );
    const steps = (tour.draft.content as TourContent).steps;
    return { db, ws, ctx, events, tour, steps, versionId: tour.live_version_id! };
  };
  const ann = { visitorId: 'visitor-ann', contactId: null };

  it('a tour session advances by step, completes once with its feedback, and ending twice changes nothing', async () => {
    const { ctx, events, tour, steps, versionId } = await setup();
    const { session, created } = await openSession(ctx, ann, {
      versionId,
      url: 'https://app.example.com/',
      trigger: 'auto',
    });
    expect(created).toBe(true);
    expect(session).toMatchObject({
      experience_id: tour.id,
      version_id: versionId,
      state: 'active',
      trigger: 'auto',
      progress: 0,
    });
    const ids = { versionId, sessionId: session.id };
    const moved = await updateSession(ctx, ann, {
      ...ids,
      stepId: steps[1]!.id,
      url: 'https://app.example.com/b',
    });
    expect(moved).toMatchObject({ current_step_id: steps[1]!.id, progress: 0.5 });
    expect(await refusal(updateSession(ctx, ann, { ...ids, stepId: 'not-a-step' }))).toMatchObject({
      code: 'validation_failed',
      details: { field: 'step_id', rule: 'unknown_step' },
    });
    expect(await refusal(updateSession(ctx, ann, { ...ids, feedback: { rating: 4 } }))).toMatchObject({
      details: { field: 'feedback', rule: 'with_completion' },
    });
    ctx.clock.advance(60_000);
    const done = await updateSession(ctx, ann, {
      ...ids,
      end: 'completed',
      feedback: { rating: 4, comment: 'Nice' },
    });
    expect(done).toMatchObject({
      state: 'completed',
      end_reason: 'completed',
      progress: 1,
      feedback_rating: 4,
      feedback_comment: 'Nice',
    });
    expect(done.ended_at).toEqual(ctx.clock.now());
    const again = await updateSession(ctx, ann, { ...ids, end: 'dismissed' });
    expect(again).toEqual(done);
    const completed = await events('experience.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.data).toEqual({
      experience_id: tour.id,
      type: 'tour',
      version_id: versionId,
      session_id: session.id,
      contact_id: null,
      widget_visitor_id: 'visitor-ann',
      feedback_rating: 4,
      completed_at: ctx.clock.now().toISOString(),
    });
    const started = await events('experience.started');
    expect(started.map((e) => e.data.trigger)).toEqual(['auto']);
  });

  it('dismissal is not completion; a new tour session ends the person’s running one; another visitor gets 404', async () => {
    const { ctx, events, versionId } = await setup();
    const first = (await openSession(ctx, ann, { versionId, trigger: 'start' })).session;
    const second = (await openSession(ctx, ann, { versionId, trigger: 'start' })).session;
    expect(second.id).not.toBe(first.id);
    const bob = { visitorId: 'visitor-bob', contactId: null };
    expect(
      await refusal(updateSession(ctx, bob, { versionId, sessionId: second.id, end: 'dismissed' })),
    ).toMatchObject({
      code: 'not_found',
    });
    const ended = await updateSession(ctx, ann, { versionId, sessionId: second.id, end: 'dismissed' });
    expect(ended).toMatchObject({ state: 'ended', end_reason: 'dismissed' });
    const rows = await listProgress(ctx, second.experience_id, { beforeId: null, limit: 10 });
    expect(rows.map((r) => [r.session_id, r.state, r.end_reason])).toEqual([
      [second.id, 'ended', 'dismissed'],
      [first.id, 'ended', 'restarted'],
    ]);
    expect(await events('experience.completed')).toEqual([]);
  });

  it('a session keeps its version after a republish; the widget reads the old version only with an active session on it', async () => {
    const { ctx, tour, steps, versionId } = await setup();
    const { session } = await openSession(ctx, ann, { versionId, trigger: 'auto' });
    await updateExperience(ctx, tour.id, { draft: tourDraft([tourStep('Only one')]) });
    const v2 = (await publishExperience(ctx, tour.id)).live_version_id!;
    expect((await getWidgetTour(ctx, ann, tour.id)).version_id).toBe(v2);
    const old = await getWidgetTour(ctx, ann, tour.id, versionId);
    expect(old.steps.map((s) => s.id)).toEqual(steps.map((s) => s.id));
    expect(old).toMatchObject({
      experience_id: tour.id,
      name: 'Tour',
      slug: 'tour',
      feedback: { enabled: true },
    });
    expect(
      await refusal(getWidgetTour(ctx, { visitorId: 'other', contactId: null }, tour.id, versionId)),
    ).toMatchObject({ code: 'not_found' });
    // Opening needs the live version; the running session still moves on its own.
    expect(await refusal(openSession(ctx, ann, { versionId, trigger: 'auto' }))).toMatchObject({
      code: 'not_found',
    });
    const moved = await updateSession(ctx, ann, { versionId, sessionId: session.id, stepId: steps[3]!.id });
    expect(moved).toMatchObject({ version_id: versionId, progress: 1 });
    await unpublishExperience(ctx, tour.id);
    expect(await refusal(getWidgetTour(ctx, ann, tour.id))).toMatchObject({ code: 'not_found' });
  });

  it('session-less types have no sessions; drafts and unknown versions are not found', async () => {
    const { ctx } = await setup();
    const banner = await publishExperience(
      ctx,
      (await createExperience(ctx, { type: 'banner', name: 'B', draft: bannerDraft() })).id,
    );
    expect(
      await refusal(openSession(ctx, ann, { versionId: banner.live_version_id!, trigger: 'auto' })),
    ).toMatchObject({
      code: 'not_sessioned',
    });
    expect(await refusal(getWidgetTour(ctx, ann, banner.id))).toMatchObject({ code: 'not_found' });
    expect(
      await refusal(openSession(ctx, ann, { versionId: '01jd2m7r3x8k9q4w5e6t7y8v9a', trigger: 'auto' })),
    ).toMatchObject({
      code: 'not_found',
    });
  });

  it('program items: any to any, done is final, completion when all are done or skipped; one session per person', async () => {
    const { db, ctx, events } = await setup();
    const contact = (await upsertContact(ctx, { email: 'ann@example.com', name: 'Ann' })).contact;
    const person = { visitorId: 'visitor-ann', contactId: contact.id };
    const program = await publishExperience(
      ctx,
      (
        await createExperience(ctx, {
          type: 'program',
          name: 'Onboarding',
          draft: programDraft([urlItem('One'), urlItem('Two'), urlItem('Three')]),
        })
      ).id,
    );
    const versionId = program.live_version_id!;
    const [one, two, three] = (program.draft.content as ProgramContent).sections[0]!.items;
    const opened = await openSession(ctx, person, { versionId, trigger: 'auto' });
    expect(opened).toMatchObject({ created: true, session: { items_total: 3, items_done: 0 } });
    // The same person in another browser (same contact) gets the same session back.
    const other = { visitorId: 'visitor-ann-phone', contactId: contact.id };
    const reopened = await openSession(ctx, other, { versionId, trigger: 'auto' });
    expect(reopened).toMatchObject({ created: false, session: { id: opened.session.id } });
    const ids = { versionId, sessionId: opened.session.id };
    const move = (itemId: string, state: 'todo' | 'in_progress' | 'done' | 'skipped', who: Person = person) =>
      moveProgramItem(ctx, who, { ...ids, itemId, state });
    expect(await move(one!.id, 'in_progress')).toEqual({
      item_id: one!.id,
      state: 'in_progress',
      done: 0,
      total: 3,
      progress: 0,
    });
    expect(await move(one!.id, 'todo')).toMatchObject({ state: 'todo' });
    expect(await move(one!.id, 'done', other)).toEqual({
      item_id: one!.id,
      state: 'done',
      done: 1,
      total: 3,
      progress: 1 / 3,
    });
    expect(await move(one!.id, 'done')).toMatchObject({ done: 1 }); // the same state: nothing happens
    expect(await refusal(move(one!.id, 'todo'))).toEqual({
      code: 'program_item_done',
      details: { item_id: one!.id },
    });
    expect(await refusal(move('no-such-item', 'done'))).toMatchObject({ code: 'not_found' });
    expect(await refusal(move(two!.id, 'done', { visitorId: 'stranger', contactId: null }))).toMatchObject({
      code: 'not_found',
    });
    expect(await refusal(updateSession(ctx, person, { ...ids, end: 'completed' }))).toMatchObject({
      details: { field: 'end', rule: 'completed_by_items' },
    });
    await move(two!.id, 'skipped');
    expect((await listProgress(ctx, program.id, { beforeId: null, limit: 5 }))[0]).toMatchObject({
      state: 'active',
      items_done: 2,
      items_total: 3,
    });
    const last = await move(three!.id, 'done');
    // Finished items (done or skipped) count: progress reaches 1 exactly when the program completes.
    expect(last).toEqual({ item_id: three!.id, state: 'done', done: 3, total: 3, progress: 1 });
    const [row] = await listProgress(ctx, program.id, { beforeId: null, limit: 5 });
    expect(row).toMatchObject({ state: 'completed', end_reason: 'completed', items_done: 3, items_total: 3 });
    expect(await refusal(move(two!.id, 'done'))).toMatchObject({ code: 'session_not_active' });
    // A completed program is answered again rather than restarted.
    expect(await openSession(ctx, person, { versionId, trigger: 'auto' })).toMatchObject({ created: false });
    expect((await events('program.item_completed')).map((e) => [e.data.item_id, e.data.item_kind])).toEqual([
      [one!.id, 'url'],
      [three!.id, 'url'],
    ]);
    expect(await events('experience.completed')).toHaveLength(1);
    expect(await events('experience.started')).toHaveLength(1);
    const ledger = await contactLedger(ctx, contact.id);
    expect(ledger).toEqual([
      expect.objectContaining({
        experience_id: program.id,
        state: 'completed',
        items_done: 3,
        items_total: 3,
      }),
    ]);
    const states = await db.query<{ item_id: string; state: string }>(
      'select item_id, state from experience_session_items where workspace_id = $1 order by state',
      [ctx.workspaceId],
    );
    expect(states.map((s) => s.state)).toEqual(['done', 'done', 'skipped']);
  });
});
