import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ShareMode } from '../content/audience';
import { createGuide } from '../content/create-guide';
import type { StepElement } from '../content/guide';
import { publishGuide, unpublishGuide } from '../content/publish-guide';
import { stepInput } from '../content/step-input';
import type { Db } from '../db/db';
import { runHousekeeping } from '../jobs/housekeeping';
import { DAY, HOUR, manualClock } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { createRateLimiter } from '../ratelimit/rate-limiter';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { letterEmbedder } from '../testing/letter-embedder';
import { issueVisitor, type Visitor } from '../widget/visitors';
import { getWalkthroughGuide } from '../widget/walkthrough-guide';
import { listDriftedSteps } from './list-drifted-steps';
import { reportGuideLocation } from './report-guide-location';

const element = (selector: string): StepElement => ({
  selector_candidates: [selector],
  role: 'button',
  name: 'Save',
  tag: 'button',
  bounding_box: { x: 10, y: 20, w: 80, h: 30 },
  dom_path_hash: null,
  nearest_landmark: 'main',
  source: null,
  ancestors: [],
});

async function setup(db: Db, start = '2026-11-01T00:00:00.000Z') {
  const ws = await makeWorkspace(db);
  const clock = manualClock(start);
  const ctx = testCtx(db, ws.id, clock);
  const limiter = createRateLimiter({ db, clock, flushMs: 0 });
  const key = randomBytes(32);
  const guide = async (share_mode: ShareMode = 'public', publish = true) => {
    const g = await createGuide(ctx, {
      title: 'Invite a teammate',
      description: null,
      share_mode,
      language: 'en',
      brand_profile_id: null,
      brand: null,
      capture_session_id: null,
      capture: null,
      steps: [
        stepInput('Open settings.', { element: element('#settings') }),
        stepInput('Press Invite.', { element: element('#invite') }),
        stepInput('Done: nothing to click.'), // no element captured
      ],
    });
    if (publish) await publishGuide(ctx, g.id, { embedder: letterEmbedder });
    return { id: g.id, steps: g.steps.map((s) => s.id) };
  };
  const visitor = (): Visitor =>
    issueVisitor(key, { id: ws.id, websiteId: ws.website_id }, clock.now()).visitor;
  const report = (v: Visitor, guideId: string, stepId: string, found: boolean) =>
    reportGuideLocation(ctx, limiter, v, { guideId, stepId, found });
  const events = async (type: string) =>
    (
      await db.query<{ data: Record<string, unknown> }>(
        'select data from outbox where workspace_id = $1 and type = $2 order by id',
        [ws.id, type],
      )
    ).map((e) => e.data);
  const drifted = async (guideId: string) => [...(await listDriftedSteps(ctx, guideId))];
  return { ws, clock, ctx, limiter, guide, visitor, report, events, drifted };
}

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
};

describeDb('guide drift (reportGuideLocation)', (getDb) => {
  it('misses from 2 distinct visitors: not drifted; the 3rd: drifted, one guide.drifted; the same visitor 3 times: not', async () => {
    const s = await setup(getDb());
    const g = await s.guide();
    const [a, b, c] = [s.visitor(), s.visitor(), s.visitor()];
    const step = g.steps[0]!;

    // One visitor missing it again and again counts once.
    for (let i = 0; i < 3; i++) {
      expect(await s.report(a, g.id, step, false)).toEqual({ transition: null });
      s.clock.advance(HOUR);
    }
    expect(await s.drifted(g.id)).toEqual([]);
    expect(await s.report(b, g.id, step, false)).toEqual({ transition: null });
    expect(await s.drifted(g.id)).toEqual([]);
    expect(await s.events('guide.drifted')).toEqual([]);

    s.clock.advance(HOUR);
    const at = s.clock.now().toISOString();
    expect(await s.report(c, g.id, step, false)).toEqual({ transition: 'drifted' });
    expect(await s.drifted(g.id)).toEqual([step]);
    expect(await s.events('guide.drifted')).toEqual([{ guide_id: g.id, step_ids: [step], drifted_at: at }]);

    // widgetGetGuide shows it: drifted on that step only, the bounding box as captured.
    const read = await getWalkthroughGuide(s.ctx, { guideId: g.id, verifiedContactId: null });
    expect(read.steps.map((st) => st.drifted)).toEqual([true, false, false]);
    expect(read.steps[0]!.element.bounding_box).toEqual({ x: 10, y: 20, w: 80, h: 30 });
    expect(read.steps[2]!.element.bounding_box).toBeNull();

    // More misses, of that step or another one drifting too: the guide is already drifted, nothing is sent.
    const [d, e, f] = [s.visitor(), s.visitor(), s.visitor()];
    await s.report(d, g.id, step, false);
    for (const v of [d, e, f])
      expect(await s.report(v, g.id, g.steps[1]!, false)).toEqual({ transition: null });
    expect((await s.drifted(g.id)).sort()).toEqual([g.steps[0]!, g.steps[1]!].sort());
    expect(await s.events('guide.drifted')).toHaveLength(1);
  });

  it('a find clears its step; guide.drift_cleared when the last drifted step clears, once', async () => {
    const s = await setup(getDb());
    const g = await s.guide();
    const [first, second] = [g.steps[0]!, g.steps[1]!];
    for (const step of [first, second]) {
      for (let i = 0; i < 3; i++) await s.report(s.visitor(), g.id, step, false);
    }
    expect(await s.events('guide.drifted')).toHaveLength(1);
    expect((await s.events('guide.drifted'))[0]!.step_ids).toEqual([first]);

    expect(await s.report(s.visitor(), g.id, first, true)).toEqual({ transition: null });
    expect(await s.drifted(g.id)).toEqual([second]);
    expect(await s.events('guide.drift_cleared')).toEqual([]);
    s.clock.advance(HOUR);
    const at = s.clock.now().toISOString();
    expect(await s.report(s.visitor(), g.id, second, true)).toEqual({ transition: 'drift_cleared' });
    expect(await s.drifted(g.id)).toEqual([]);
    expect(await s.events('guide.drift_cleared')).toEqual([{ guide_id: g.id, cleared_at: at }]);
    // Found again: nothing changes, nothing is sent.
    expect(await s.report(s.visitor(), g.id, second, true)).toEqual({ transition: null });
    expect(await s.events('guide.drift_cleared')).toHaveLength(1);

    // Misses before the find no longer count: two more misses after it are not enough...
    const [a, b] = [s.visitor(), s.visitor()];
    await s.report(a, g.id, first, false);
    await s.report(b, g.id, first, false);
    expect(await s.drifted(g.id)).toEqual([]);
    // ... a third visitor is, and the guide drifts again (a new transition, a new event).
    expect(await s.report(s.visitor(), g.id, first, false)).toEqual({ transition: 'drifted' });
    expect(await s.events('guide.drifted')).toHaveLength(2);
  });

  it('misses older than 7 days do not count, and housekeeping purges them', async () => {
    const db = getDb();
    const s = await setup(db);
    const g = await s.guide();
    const step = g.steps[0]!;
    const [a, b, c, d] = [s.visitor(), s.visitor(), s.visitor(), s.visitor()];
    await s.report(a, g.id, step, false);
    s.clock.advance(2 * DAY);
    await s.report(b, g.id, step, false);
    s.clock.advance(5 * DAY + HOUR); // a's miss is now 7 days and an hour old
    expect(await s.report(c, g.id, step, false)).toEqual({ transition: null });
    expect(await s.drifted(g.id)).toEqual([]);

    const misses = () =>
      db.query<{ visitor_id: string }>(
        'select visitor_id from guide_step_misses where workspace_id = $1 order by missed_at',
        [s.ws.id],
      );
    expect((await misses()).map((m) => m.visitor_id)).toEqual([a.id, b.id, c.id]);
    const removed = await runHousekeeping(db, s.clock.now());
    expect(removed.guide_step_misses).toBeGreaterThanOrEqual(1);
    expect((await misses()).map((m) => m.visitor_id)).toEqual([b.id, c.id]);

    expect(await s.report(d, g.id, step, false)).toEqual({ transition: 'drifted' });
  });

  it('misses from before a republish do not count; a drifted step stays drifted across it until found', async () => {
    const s = await setup(getDb());
    const g = await s.guide();
    const [first, second] = [g.steps[0]!, g.steps[1]!];
    await s.report(s.visitor(), g.id, second, false);
    await s.report(s.visitor(), g.id, second, false);
    for (let i = 0; i < 3; i++) await s.report(s.visitor(), g.id, first, false);
    expect(await s.drifted(g.id)).toEqual([first]);

    s.clock.advance(HOUR);
    await unpublishGuide(s.ctx, g.id);
    // Unpublished: reports are refused like the guide itself.
    expect(await codeOf(s.report(s.visitor(), g.id, second, false))).toBe('not_found');
    s.clock.advance(HOUR);
    await publishGuide(s.ctx, g.id, { embedder: letterEmbedder });
    s.clock.advance(HOUR);

    // The two misses of the second step were before the republish: one more is not a third.
    expect(await s.report(s.visitor(), g.id, second, false)).toEqual({ transition: null });
    expect(await s.drifted(g.id)).toEqual([first]);
    // The first step is still drifted (no event on the republish); its find clears the guide.
    const read = await getWalkthroughGuide(s.ctx, { guideId: g.id, verifiedContactId: null });
    expect(read.steps.map((st) => st.drifted)).toEqual([true, false, false]);
    expect(await s.report(s.visitor(), g.id, first, true)).toEqual({ transition: 'drift_cleared' });
    expect(await s.events('guide.drifted')).toHaveLength(1);
    expect(await s.events('guide.drift_cleared')).toHaveLength(1);
  });

  it('a step with no element to look for never drifts: its reports are accepted and keep nothing', async () => {
    const db = getDb();
    const s = await setup(db);
    const g = await s.guide();
    for (let i = 0; i < 4; i++)
      expect(await s.report(s.visitor(), g.id, g.steps[2]!, false)).toEqual({ transition: null });
    expect(await s.drifted(g.id)).toEqual([]);
    expect(await db.query('select 1 from guide_step_misses where workspace_id = $1', [s.ws.id])).toEqual([]);
    expect(await db.query('select 1 from widget_visitors where workspace_id = $1', [s.ws.id])).toEqual([]);
  });

  it('a miss stores its anonymous visitor (keyed by visitor id); a find stores nothing of the visitor', async () => {
    const db = getDb();
    const s = await setup(db);
    const g = await s.guide();
    const finder = s.visitor();
    await s.report(finder, g.id, g.steps[0]!, true);
    expect(await db.query('select id from widget_visitors where workspace_id = $1', [s.ws.id])).toEqual([]);
    const misser = s.visitor();
    await s.report(misser, g.id, g.steps[0]!, false);
    await s.report(misser, g.id, g.steps[1]!, false);
    expect(await db.query('select id from widget_visitors where workspace_id = $1', [s.ws.id])).toEqual([
      { id: misser.id },
    ]);
  });

  it('not_found for unknown, unpublished, foreign, out-of-audience guides and for a step of another guide', async () => {
    const db = getDb();
    const s = await setup(db);
    const g = await s.guide('public');
    const other = await s.guide('public');
    const draft = await s.guide('public', false);
    const customers = await s.guide('customers');
    const privateGuide = await s.guide('private');
    const elsewhere = await setup(db);
    const foreign = await elsewhere.guide('public');
    const v = s.visitor();
    const cases: [string, string][] = [
      [draft.id, draft.steps[0]!],
      [customers.id, customers.steps[0]!],
      [privateGuide.id, privateGuide.steps[0]!],
      [foreign.id, foreign.steps[0]!],
      ['01jd2m7r3x8k9q4w5e6t7y8v9a', g.steps[0]!],
      [g.id, other.steps[0]!],
      [g.id, '01jd2m7r3x8k9q4w5e6t7y8v9a'],
    ];
    for (const [guideId, stepId] of cases) {
      expect(await codeOf(s.report(v, guideId, stepId, false)), `${guideId} ${stepId}`).toBe('not_found');
    }
    // The foreign guide's own visitor reaches it.
    expect(await codeOf(elsewhere.report(elsewhere.visitor(), foreign.id, foreign.steps[0]!, false))).toBe(
      'ok',
    );
    // A visitor verified as a contact reaches customers' guides, never private ones.
    const verified = { ...s.visitor(), contactId: 'someone' };
    expect(await codeOf(s.report(verified, customers.id, customers.steps[0]!, true))).toBe('ok');
    expect(await codeOf(s.report(verified, privateGuide.id, privateGuide.steps[0]!, true))).toBe('not_found');
    expect(await db.query('select 1 from guide_step_misses where workspace_id = $1', [s.ws.id])).toEqual([]);
  });

  it('at most 60 reports a minute per visitor: rate_limited, then allowed again in the next minute', async () => {
    const s = await setup(getDb());
    const g = await s.guide();
    const v = s.visitor();
    for (let i = 0; i < 60; i++) await s.report(v, g.id, g.steps[0]!, i % 2 === 0);
    expect(await codeOf(s.report(v, g.id, g.steps[0]!, true))).toBe('rate_limited');
    expect(await codeOf(s.report(s.visitor(), g.id, g.steps[0]!, true))).toBe('ok');
    s.clock.advance(61_000);
    expect(await codeOf(s.report(v, g.id, g.steps[0]!, true))).toBe('ok');
  });

  it('6 parallel misses from distinct visitors: the guide drifts once, one guide.drifted', async () => {
    const s = await setup(getDb());
    const g = await s.guide();
    const [first, second] = [g.steps[0]!, g.steps[1]!];
    // Two misses of each step already: each of the parallel reports below may tip its step over, and
    // reports of different steps touch different rows, so only the guide's lock keeps one transition.
    for (const step of [first, second]) {
      for (let i = 0; i < 2; i++) await s.report(s.visitor(), g.id, step, false);
    }
    const results = await Promise.all(
      [first, second, first, second, first, second].map((step) => s.report(s.visitor(), g.id, step, false)),
    );
    expect(results.filter((r) => r.transition === 'drifted')).toHaveLength(1);
    expect(await s.events('guide.drifted')).toHaveLength(1);
    expect((await s.drifted(g.id)).sort()).toEqual([first, second].sort());
    // And 6 parallel finds of both steps: cleared once.
    const finds = await Promise.all(
      [first, second, first, second, first, second].map((step) => s.report(s.visitor(), g.id, step, true)),
    );
    expect(finds.filter((r) => r.transition === 'drift_cleared')).toHaveLength(1);
    expect(await s.events('guide.drift_cleared')).toHaveLength(1);
  });
});
