import { expect, it } from 'vitest';
import { upsertContact } from '../../contacts/upsert-contact';
import type { Sql } from '../../db/db';
import { runHousekeeping } from '../../jobs/housekeeping';
import { DAY, HOUR, type ManualClock } from '../../lib/clock';
import { newId } from '../../lib/ulid';
import { testCtx } from '../../testing/ctx';
import { describeDb } from '../../testing/db';
import {
  insertExperience,
  insertSession,
  insertVersion,
  programDefinition,
  setSessionItem,
  step,
  tourDefinition,
} from '../../testing/experiences';
import { makeWorkspace } from '../../testing/fixtures';
import type { Visitor } from '../../widget/visitors';
import { decideExperiences } from './decide-experiences';
import { createExperienceIndexCache } from './index-cache';
import { reportPageFacts } from './report-page-facts';
import { watchKey } from './watch';

const URL_ = 'https://app.example.com/billing';

async function addEvents(db: Sql, ws: string, contactId: string, name: string, times: Date[]) {
  for (const at of times) {
    await db.query(
      `insert into contact_events (workspace_id, id, contact_id, name, occurred_at, received_at, source)
       values ($1, $2, $3, $4, $5, $5, 'api')`,
      [ws, newId(at), contactId, name, at],
    );
  }
}

const visitorOf = (workspaceId: string, id: string, contactId: string | null = null): Visitor => ({
  workspaceId,
  websiteId: 'w',
  id,
  contactId,
  expiresAt: new Date(Date.now() + DAY),
  stored: false,
  tokenHash: `hash-${id}`,
  issuedAt: new Date(),
});

describeDb('decideExperiences', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const index = createExperienceIndexCache({ db, clock: ctx.clock });
    const decideFor = (visitorId: string, contactId: string | null = null, url = URL_) =>
      decideExperiences(ctx, { index }, { visitor: { id: visitorId, contactId }, url });
    return { db, ws: ws.id, ctx, index, decideFor };
  };
  const ago = (clock: ManualClock, ms: number) => new Date(clock.now().getTime() - ms);

  it('frequency counts the sessions of the visitor and, once identified, of the contact on any device', async () => {
    const { db, ws, ctx, decideFor } = await setup();
    const { contact } = await upsertContact(ctx, { email: 'ann@example.com' });
    const tour = await insertExperience(db, ws, { type: 'tour', definition: tourDefinition() });
    expect((await decideFor('v1')).auto_start).toMatchObject({
      experience_id: tour.id,
      version_id: tour.versionId,
    });
    await insertSession(db, ws, { ...ids(tour), visitorId: 'v2', contactId: contact.id, state: 'ended' });
    expect((await decideFor('v1')).auto_start?.experience_id).toBe(tour.id); // anonymous v1: not the contact
    expect((await decideFor('v1', contact.id)).auto_start).toBeNull(); // identified: the contact's session counts
    await insertSession(db, ws, { ...ids(tour), visitorId: 'v3', state: 'completed' });
    expect((await decideFor('v3')).auto_start).toBeNull();
  });

  it('limited frequency as the clock moves; completion stops it', async () => {
    const { db, ws, ctx, decideFor } = await setup();
    const tour = await insertExperience(db, ws, {
      type: 'tour',
      definition: tourDefinition({ frequency: { kind: 'limited', times: 2, days_apart: 2 } }),
    });
    const s = await insertSession(db, ws, {
      ...ids(tour),
      visitorId: 'v',
      state: 'ended',
      startedAt: ctx.clock.now(),
    });
    expect((await decideFor('v')).auto_start).toBeNull();
    ctx.clock.advance(2 * DAY);
    expect((await decideFor('v')).auto_start?.experience_id).toBe(tour.id);
    await db.query(`update experience_sessions set state = 'completed' where workspace_id = $1 and id = $2`, [
      ws,
      s,
    ]);
    expect((await decideFor('v')).auto_start).toBeNull();
  });

  it('attribute and event conditions from the contact, events counted in their window', async () => {
    const { db, ws, ctx, decideFor } = await setup();
    const { contact } = await upsertContact(ctx, {
      email: 'bo@example.com',
      attributes: { plan: 'pro', seats: 8 },
    });
    const tour = await insertExperience(db, ws, {
      type: 'tour',
      definition: tourDefinition({
        targeting: {
          attributes: [{ key: 'seats', op: 'greater_than', value: 5 }],
          events: [
            { name: 'exported', did: true, at_least: 2, within_days: 7 },
            { name: 'churned', did: false },
          ],
        },
      }),
    });
    expect((await decideFor('v', contact.id)).auto_start).toBeNull();
    await addEvents(db, ws, contact.id, 'exported', [ago(ctx.clock, 8 * DAY), ago(ctx.clock, HOUR)]);
    expect((await decideFor('v', contact.id)).auto_start).toBeNull(); // one inside 7 days
    await addEvents(db, ws, contact.id, 'exported', [ago(ctx.clock, 6 * DAY), ago(ctx.clock, 2 * HOUR)]);
    expect((await decideFor('v', contact.id)).auto_start?.experience_id).toBe(tour.id);
    expect((await decideFor('v')).auto_start).toBeNull(); // anonymous: no attributes
    ctx.clock.advance(7 * DAY);
    expect((await decideFor('v', contact.id)).auto_start).toBeNull(); // they fell out of the window
    ctx.clock.advance(-7 * DAY);
    await addEvents(db, ws, contact.id, 'churned', [ago(ctx.clock, DAY)]);
    expect((await decideFor('v', contact.id)).auto_start).toBeNull();
  });

  it('resume: the active session on its step page, on the version it started', async () => {
    const { db, ws, ctx, index, decideFor } = await setup();
    const def = (value: string) =>
      tourDefinition({ steps: [step('s1', { page: { match: 'exact', value } }), step('s2')] });
    const tour = await insertExperience(db, ws, { type: 'tour', definition: def('/billing') });
    const session = await insertSession(db, ws, { ...ids(tour), visitorId: 'v', stepId: 's1' });
    const resume = { experience_id: tour.id, version_id: tour.versionId, session_id: session, step_id: 's1' };
    expect((await decideFor('v')).resume).toEqual(resume);
    expect((await decideFor('v', null, 'https://app.example.com/other')).resume).toBeNull();
    // republished with the step elsewhere: the session keeps its version
    await insertVersion(db, ws, tour.id, def('/elsewhere'), { at: ctx.clock.advance(1000) });
    index.invalidate(ws);
    expect((await decideFor('v')).resume).toEqual(resume);
    expect((await decideFor('v', null, 'https://app.example.com/elsewhere')).resume).toBeNull();
    expect((await decideFor('v')).auto_start).toBeNull();
  });

  it("programs with the item states of the person's session", async () => {
    const { db, ws, ctx, decideFor } = await setup();
    const { contact } = await upsertContact(ctx, { email: 'cy@example.com' });
    const program = await insertExperience(db, ws, {
      type: 'program',
      definition: programDefinition(),
      name: 'Setup',
    });
    const old = await insertSession(db, ws, {
      ...ids(program),
      contactId: contact.id,
      state: 'completed',
      startedAt: ago(ctx.clock, DAY),
    });
    await setSessionItem(db, ws, old, 'i1', 'done');
    expect((await decideFor('v', contact.id)).programs[0]).toMatchObject({ session_id: old, done: 1 });
    const live = await insertSession(db, ws, { ...ids(program), visitorId: 'v', contactId: contact.id });
    await setSessionItem(db, ws, live, 'i2', 'in_progress');
    await setSessionItem(db, ws, live, 'i3', 'skipped');
    const [p] = (await decideFor('v', contact.id)).programs;
    expect(p).toMatchObject({
      experience_id: program.id,
      name: 'Setup',
      session_id: live,
      done: 1,
      total: 3,
    });
    expect(p!.sections.flatMap((s) => s.items.map((i) => i.state))).toEqual([
      'todo',
      'in_progress',
      'skipped',
    ]);
    expect((await decideFor('someone-else')).programs[0]).toMatchObject({ session_id: null, done: 0 });
  });

  it('element facts: reported per visitor and page, unknown keys ignored, the visitor stored lazily', async () => {
    const { db, ws, ctx, index } = await setup();
    const selector = '#upgrade';
    const tour = await insertExperience(db, ws, {
      type: 'tour',
      definition: tourDefinition({ targeting: { elements: [{ selector, present: true }] } }),
    });
    const visitor = visitorOf(ws, newId());
    const first = await decideExperiences(ctx, { index }, { visitor, url: URL_ });
    expect(first.auto_start).toBeNull();
    expect(first.watch).toEqual([{ key: watchKey(selector), selector }]);

    const ignored = await reportPageFacts(ctx, { index }, { visitor, url: URL_, facts: { enope: true } });
    expect(ignored.auto_start).toBeNull();
    const stored = async () =>
      (await db.query('select 1 from widget_visitors where workspace_id = $1 and id = $2', [ws, visitor.id]))
        .length;
    expect(await stored()).toBe(0);

    const after = await reportPageFacts(
      ctx,
      { index },
      { visitor, url: `${URL_}#x`, facts: { [watchKey(selector)]: true } },
    );
    expect(after.auto_start?.experience_id).toBe(tour.id);
    expect(await stored()).toBe(1);
    expect(
      (await decideExperiences(ctx, { index }, { visitor, url: 'https://app.example.com/other' })).auto_start,
    ).toBeNull();
    const off = await reportPageFacts(
      ctx,
      { index },
      { visitor, url: URL_, facts: { [watchKey(selector)]: false } },
    );
    expect(off.auto_start).toBeNull();
    await expect(
      reportPageFacts(ctx, { index }, { visitor, url: '/relative', facts: {} }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    });

    // facts older than a day no longer count, and housekeeping purges them
    await reportPageFacts(ctx, { index }, { visitor, url: URL_, facts: { [watchKey(selector)]: true } });
    ctx.clock.advance(DAY + 1);
    expect((await decideExperiences(ctx, { index }, { visitor, url: URL_ })).auto_start).toBeNull();
    const removed = await runHousekeeping(db, ctx.clock.now());
    expect(removed.widget_page_facts).toBeGreaterThanOrEqual(1);
    expect(await db.query('select 1 from widget_page_facts where workspace_id = $1', [ws])).toHaveLength(0);
  });

  it("tenancy: another workspace's index, sessions and facts are never read", async () => {
    const a = await setup();
    const b = await setup();
    const tour = await insertExperience(a.db, a.ws, { type: 'tour', definition: tourDefinition() });
    await insertExperience(a.db, a.ws, { type: 'program', definition: programDefinition() });
    expect((await a.decideFor('v')).auto_start?.experience_id).toBe(tour.id);
    const other = await b.decideFor('v');
    expect(other.auto_start).toBeNull();
    expect(other.programs).toEqual([]);
    // a session of the same visitor id in workspace B does not count in A
    await insertSession(b.db, b.ws, {
      ...ids(await insertExperience(b.db, b.ws, { type: 'tour', definition: tourDefinition() })),
      visitorId: 'v',
    });
    expect((await a.decideFor('v')).auto_start?.experience_id).toBe(tour.id);
  });

  it('drafts, archived and unpublished experiences are never delivered', async () => {
    const { db, ws, decideFor } = await setup();
    await insertExperience(db, ws, { type: 'tour', definition: tourDefinition(), status: 'draft' });
    await insertExperience(db, ws, { type: 'tour', definition: tourDefinition(), status: 'archived' });
    await insertExperience(db, ws, { type: 'tour', definition: {} });
    expect((await decideFor('v')).auto_start).toBeNull();
  });
});

function ids(e: { id: string; versionId: string }) {
  return { experienceId: e.id, versionId: e.versionId };
}
