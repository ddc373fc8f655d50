import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import { DAY } from '../lib/clock';
import { DomainError } from '../lib/errors';
import { newId } from '../lib/ulid';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { ingestContactEvents } from './ingest-contact-events';
import { purgeExpiredContactEvents, recordWidgetEvent } from './record-events';

describeDb('contact events', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const ctx = testCtx(db, ws.id);
    const ada = (await upsertContact(ctx, { email: 'ada@example.com', externalId: 'crm-ada' })).contact;
    const bob = (await upsertContact(ctx, { email: 'bob@example.com', externalId: 'crm-bob' })).contact;
    const rows = async () =>
      db.query<{ contact_id: string; name: string; properties: unknown }>(
        'select contact_id, name, properties from contact_events where workspace_id = $1 order by id',
        [ws.id],
      );
    return { db, ws, ctx, ada, bob, rows };
  };
  const failure = async (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: DomainError) => e,
    );

  it('writes well-formed events, lists unknown contacts in rejected, and never creates contacts', async () => {
    const { db, ws, ctx, ada, bob, rows } = await setup();
    const other = await makeWorkspace(db);
    const foreign = (await upsertContact(testCtx(db, other.id), { email: 'ada@example.com' })).contact;
    const result = await ingestContactEvents(ctx, [
      { name: 'signed_up', contact_id: ada.id },
      { name: 'paid', external_id: 'crm-bob', properties: { plan: 'pro', amount: 10 } },
      { name: 'x', email: 'nobody@example.com' },
      { name: 'x', contact_id: foreign.id },
      { name: 'viewed', email: 'ADA@example.com' },
      { name: 'x', contact_id: newId() },
    ]);
    expect(result.accepted).toBe(3);
    expect(result.rejected.map((r) => [r.index, r.code])).toEqual([
      [2, 'contact_not_found'],
      [3, 'contact_not_found'],
      [5, 'contact_not_found'],
    ]);
    expect((await rows()).map((r) => [r.contact_id, r.name])).toEqual([
      [ada.id, 'signed_up'],
      [bob.id, 'paid'],
      [ada.id, 'viewed'],
    ]);
    const [{ n }] = (await db.query<{ n: number }>(
      'select count(*)::int as n from contacts where workspace_id = $1',
      [ws.id],
    )) as [{ n: number }];
    expect(n).toBe(2);
  });

  it('the most specific identifier wins: contact_id over external_id over email', async () => {
    const { ctx, ada, bob, rows } = await setup();
    await ingestContactEvents(ctx, [
      { name: 'a', contact_id: ada.id, external_id: 'crm-bob', email: 'bob@example.com' },
      { name: 'b', external_id: 'crm-bob', email: 'ada@example.com' },
    ]);
    expect((await rows()).map((r) => r.contact_id)).toEqual([ada.id, bob.id]);
    // A contact_id that names nobody is not rescued by a valid email.
    const r = await ingestContactEvents(ctx, [{ name: 'c', contact_id: newId(), email: 'ada@example.com' }]);
    expect(r).toEqual({
      accepted: 0,
      rejected: [{ index: 0, code: 'contact_not_found', message: 'No contact with this contact_id.' }],
    });
  });

  it('a malformed batch answers 422 with the index and rule, and writes nothing', async () => {
    const { ctx, ada, rows } = await setup();
    const now = ctx.clock.now();
    const cases: [unknown, string][] = [
      [{ name: 'Bad Name', contact_id: ada.id }, 'name_pattern'],
      [{ name: 'service.internal', contact_id: ada.id }, 'reserved_prefix'],
      [{ name: 'service:x', contact_id: ada.id }, 'reserved_prefix'],
      [{ name: `a${'b'.repeat(64)}`, contact_id: ada.id }, 'name_pattern'],
      [{ name: 'ok' }, 'identifier_required'],
      [{ name: 'ok', contact_id: ada.id, properties: { nested: { a: 1 } } }, 'flat_scalar'],
      [
        {
          name: 'ok',
          contact_id: ada.id,
          properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
        },
        'max_keys',
      ],
      [{ name: 'ok', contact_id: ada.id, properties: { s: 'x'.repeat(501) } }, 'max_string'],
      [
        {
          name: 'ok',
          contact_id: ada.id,
          properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'y'.repeat(450)])),
        },
        'max_bytes',
      ],
      [
        { name: 'ok', contact_id: ada.id, occurred_at: new Date(now.getTime() + 3600_000).toISOString() },
        'in_future',
      ],
      [
        { name: 'ok', contact_id: ada.id, occurred_at: new Date(now.getTime() - 31 * DAY).toISOString() },
        'too_old',
      ],
    ];
    for (const [bad, rule] of cases) {
      const err = await failure(
        ingestContactEvents(ctx, [{ name: 'fine', contact_id: ada.id }, bad as never]),
      );
      expect(err, rule).toBeInstanceOf(DomainError);
      expect(err!.code).toBe('invalid_event_batch');
      expect(err!.details).toMatchObject({ index: 1, rule });
    }
    expect((await failure(ingestContactEvents(ctx, [])))!.details).toMatchObject({ rule: 'batch_size' });
    expect(
      (await failure(
        ingestContactEvents(
          ctx,
          Array.from({ length: 101 }, () => ({ name: 'a', contact_id: ada.id })),
        ),
      ))!.details,
    ).toMatchObject({ rule: 'batch_size' });
    expect(await rows()).toEqual([]);
    // The edges themselves are fine.
    const ok = await ingestContactEvents(ctx, [
      {
        name: 'ok',
        contact_id: ada.id,
        occurred_at: new Date(now.getTime() - 30 * DAY + 60_000).toISOString(),
      },
      {
        name: `a${'b'.repeat(63)}`,
        contact_id: ada.id,
        properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, i])),
      },
    ]);
    expect(ok.accepted).toBe(2);
  });

  it('widget events belong to the given contact and obey the same rules', async () => {
    const { ctx, ada, rows } = await setup();
    await recordWidgetEvent(ctx, {
      contactId: ada.id,
      name: 'clicked_upgrade',
      properties: { where: 'nav' },
    });
    expect((await failure(recordWidgetEvent(ctx, { contactId: ada.id, name: 'service.x' })))!.code).toBe(
      'invalid_event',
    );
    expect(await rows()).toEqual([
      { contact_id: ada.id, name: 'clicked_upgrade', properties: { where: 'nav' } },
    ]);
  });

  it('events older than 13 months are purged', async () => {
    const { ctx, ada, rows } = await setup();
    await ingestContactEvents(ctx, [
      { name: 'old', contact_id: ada.id },
      { name: 'recent', contact_id: ada.id },
    ]);
    await ctx.db.query(
      `update contact_events set occurred_at = occurred_at - interval '14 months' where name = 'old' and workspace_id = $1`,
      [ctx.workspaceId],
    );
    await purgeExpiredContactEvents(ctx, 1);
    expect((await rows()).map((r) => r.name)).toEqual(['recent']);
  });
});
