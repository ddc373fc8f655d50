import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import { HOUR, MINUTE } from '../lib/clock';
import type { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { ingestContactEvents } from './ingest-contact-events';
import { listContactEvents } from './list-contact-events';
import { recordWidgetEvent } from './record-events';

describeDb('listContactEvents', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const ada = (await upsertContact(ctx, { email: 'ada@example.com' })).contact;
    const bob = (await upsertContact(ctx, { email: 'bob@example.com' })).contact;
    const ago = (ms: number) => new Date(ctx.clock.now().getTime() - ms).toISOString();
    return { db, ws, ctx, ada, bob, ago };
  };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: DomainError) => e,
    );

  it("lists one contact's events newest first by occurred_at, with every stored field", async () => {
    const { ctx, ada, bob, ago } = await setup();
    await ingestContactEvents(ctx, [
      {
        name: 'signed_up',
        contact_id: ada.id,
        occurred_at: ago(3 * HOUR),
        properties: { plan: 'pro', seats: 3 },
      },
      { name: 'paid', contact_id: ada.id, occurred_at: ago(HOUR) },
      { name: 'bob_only', contact_id: bob.id },
      // Sent later, happened earlier: it takes its place in the timeline.
      { name: 'visited', contact_id: ada.id, occurred_at: ago(2 * HOUR) },
    ]);
    ctx.clock.advance(MINUTE);
    await recordWidgetEvent(ctx, { contactId: ada.id, name: 'opened_widget', properties: { tab: 'help' } });

    const rows = await listContactEvents(ctx, ada.id, { beforeId: null, limit: 25 });
    expect(rows.map((e) => e.name)).toEqual(['opened_widget', 'paid', 'visited', 'signed_up']);
    const signedUp = rows[3]!;
    expect(signedUp).toEqual({
      id: expect.stringMatching(/^[0-9a-z]{26}$/),
      name: 'signed_up',
      properties: { plan: 'pro', seats: 3 },
      occurred_at: new Date(ago(3 * HOUR + MINUTE)),
      received_at: new Date(ago(MINUTE)),
      source: 'api',
    });
    expect(rows[0]).toMatchObject({ source: 'widget', properties: { tab: 'help' } });
    expect(rows[0]!.occurred_at).toEqual(ctx.clock.now());
  });

  it('pages by keyset on (occurred_at, id); ties keep id order; the name filter narrows', async () => {
    const { ctx, ada, bob, ago } = await setup();
    const at = ago(HOUR);
    await ingestContactEvents(
      ctx,
      Array.from({ length: 5 }, (_, i) => ({
        name: i % 2 ? 'odd' : 'even',
        contact_id: ada.id,
        occurred_at: at,
      })),
    );
    await ingestContactEvents(ctx, [{ name: 'later', contact_id: ada.id }]);
    const all = await listContactEvents(ctx, ada.id, { beforeId: null, limit: 100 });
    expect(all.map((e) => e.name)).toEqual(['later', 'even', 'odd', 'even', 'odd', 'even']);
    const tied = all.slice(1).map((e) => e.id);
    expect(tied).toEqual([...tied].sort().reverse());

    const seen: string[] = [];
    let beforeId: string | null = null;
    for (let page = 0; page < 5; page++) {
      const rows = await listContactEvents(ctx, ada.id, { beforeId, limit: 2 });
      seen.push(...rows.slice(0, 2).map((e) => e.id));
      if (rows.length <= 2) break;
      beforeId = rows[1]!.id;
    }
    expect(seen).toEqual(all.map((e) => e.id));

    const odd = await listContactEvents(ctx, ada.id, { beforeId: null, limit: 25, name: 'odd' });
    expect(odd.map((e) => e.id)).toEqual(all.filter((e) => e.name === 'odd').map((e) => e.id));
    const oddAfterFirst = await listContactEvents(ctx, ada.id, {
      beforeId: odd[0]!.id,
      limit: 25,
      name: 'odd',
    });
    expect(oddAfterFirst.map((e) => e.id)).toEqual([odd[1]!.id]);
    expect(await listContactEvents(ctx, ada.id, { beforeId: null, limit: 25, name: 'nothing' })).toEqual([]);

    // A cursor naming an event that is not this contact's (or no longer exists) ends the list.
    await ingestContactEvents(ctx, [{ name: 'b', contact_id: bob.id }]);
    const [bobs] = await listContactEvents(ctx, bob.id, { beforeId: null, limit: 1 });
    expect(await listContactEvents(ctx, ada.id, { beforeId: bobs!.id, limit: 25 })).toEqual([]);
    expect(await listContactEvents(ctx, ada.id, { beforeId: newId(), limit: 25 })).toEqual([]);
  });

  it("another workspace's contact, or none, is not_found", async () => {
    const { db, ctx, ada } = await setup();
    await ingestContactEvents(ctx, [{ name: 'secret', contact_id: ada.id }]);
    const other = testCtx(db, (await makeWorkspace(db)).id);
    for (const id of [ada.id, newId()]) {
      const err = await failure(listContactEvents(other, id, { beforeId: null, limit: 25 }));
      expect(err?.code).toBe('not_found');
    }
    expect(await listContactEvents(ctx, ada.id, { beforeId: null, limit: 25 })).toHaveLength(1);
  });
});
