import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import { DAY, HOUR, manualClock } from '../lib/clock';
import { newId } from '../lib/ulid';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { ingestContactEvents } from './ingest-contact-events';
import { EVENT_NAMES_MAX, listContactEventNames } from './list-contact-event-names';

describeDb('listContactEventNames', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id, manualClock('2026-11-01T00:00:00.000Z'));
    const ada = (await upsertContact(ctx, { email: 'ada@example.com' })).contact;
    /** Events recorded (received) `ago` before now. */
    const record = (name: string, ago: number, n = 1) =>
      db.query(
        `insert into contact_events (workspace_id, id, contact_id, name, occurred_at, received_at, source)
         select $1, $2 || g, $3, $4, $5, $5, 'api' from generate_series(1, $6::int) g`,
        [ws.id, newId(), ada.id, name, new Date(ctx.clock.now().getTime() - ago), n],
      );
    return { db, ws, ctx, ada, record };
  };

  it('lists the names recorded in the last 90 days, alphabetically, each with its latest time', async () => {
    const { ctx, ada, record } = await setup();
    await ingestContactEvents(ctx, [{ name: 'signed_up', contact_id: ada.id }]);
    await record('paid', 10 * DAY, 3);
    await record('paid', 2 * HOUR);
    await record('invited', 89 * DAY);
    await record('old_only', 91 * DAY, 2);
    await record('app:opened', 120 * DAY);
    await record('app:opened', 30 * DAY);
    const names = await listContactEventNames(ctx);
    expect(names).toEqual([
      { name: 'app:opened', last_received_at: new Date(ctx.clock.now().getTime() - 30 * DAY) },
      { name: 'invited', last_received_at: new Date(ctx.clock.now().getTime() - 89 * DAY) },
      { name: 'paid', last_received_at: new Date(ctx.clock.now().getTime() - 2 * HOUR) },
      { name: 'signed_up', last_received_at: ctx.clock.now() },
    ]);
    // A name ages out of the window with its latest event.
    ctx.clock.advance(2 * DAY);
    expect((await listContactEventNames(ctx)).map((n) => n.name)).toEqual([
      'app:opened',
      'paid',
      'signed_up',
    ]);
  });

  it("never lists another workspace's names; a workspace without events has none", async () => {
    const { db, record } = await setup();
    await record('theirs_only', HOUR);
    const other = await makeWorkspace(db);
    expect(
      await listContactEventNames(testCtx(db, other.id, manualClock('2026-11-01T00:00:00.000Z'))),
    ).toEqual([]);
  });

  it(`stops at ${EVENT_NAMES_MAX} names`, async () => {
    const { db, ws, ctx, ada } = await setup();
    await db.query(
      `insert into contact_events (workspace_id, id, contact_id, name, occurred_at, received_at, source)
       select $1, $2 || g, $3, 'n' || lpad(g::text, 5, '0'), $4, $4, 'api' from generate_series(1, $5::int) g`,
      [ws.id, newId(), ada.id, ctx.clock.now(), EVENT_NAMES_MAX + 5],
    );
    const names = await listContactEventNames(ctx);
    expect(names).toHaveLength(EVENT_NAMES_MAX);
    expect(names[0]!.name).toBe('n00001');
    expect(names.at(-1)!.name).toBe(`n0${EVENT_NAMES_MAX}`);
  });
});
