import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import { MINUTE, manualClock } from '../lib/clock';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeMember, makeWorkspace } from '../testing/fixtures';
import { checkSlaBreaches } from './check-sla-breaches';
import { runConversationTimers } from './conversation-timers';
import { getSlaTargets } from './get-sla-targets';
import { openTicket } from './open-ticket';
import { putSlaTargets } from './put-sla-targets';
import { replyToConversation } from './reply-to-conversation';
import { resolveConversation } from './resolve-conversation';
import { createConversation } from './write-conversations';

describeDb('SLA targets and breaches', (getDb) => {
  it('targets per priority: replaced as a whole, checked', async () => {
    const ctx = testCtx(getDb(), (await makeWorkspace(getDb())).id);
    expect((await getSlaTargets(ctx)).map((t) => t.priority)).toEqual(['low', 'normal', 'high', 'urgent']);
    await putSlaTargets(ctx, [{ priority: 'high', first_response_minutes: 60, resolution_minutes: 480 }]);
    expect((await getSlaTargets(ctx))[2]).toEqual({
      priority: 'high',
      first_response_minutes: 60,
      resolution_minutes: 480,
    });
    await putSlaTargets(ctx, [{ priority: 'urgent', first_response_minutes: 15, resolution_minutes: null }]);
    expect((await getSlaTargets(ctx))[2]!.first_response_minutes).toBeNull();
    for (const bad of [
      [{ priority: 'extreme', first_response_minutes: 1, resolution_minutes: 1 }],
      [{ priority: 'low', first_response_minutes: 0, resolution_minutes: null }],
      [{ priority: 'low', first_response_minutes: 1.5, resolution_minutes: null }],
      [
        { priority: 'low', first_response_minutes: 1, resolution_minutes: null },
        { priority: 'low', first_response_minutes: 2, resolution_minutes: null },
      ],
    ]) {
      await expect(putSlaTargets(ctx, bad)).rejects.toMatchObject({ code: 'validation_failed' });
    }
  });

  it('ticket.sla_breached fires once per target when the moved clock passes it; met targets never fire', async () => {
    const db = getDb();
    const ws = await makeWorkspace(db);
    const clock = manualClock('2026-11-02T09:00:00.000Z');
    const ctx = testCtx(db, ws.id, clock);
    const member = await makeMember(db, ws.id, 'member');
    const staff = { ...ctx, actor: { type: 'user' as const, id: member.id } };
    await putSlaTargets(ctx, [
      { priority: 'high', first_response_minutes: 30, resolution_minutes: 120 },
      { priority: 'low', first_response_minutes: 30, resolution_minutes: 60 },
    ]);
    const contact = (await upsertContact(ctx, { email: 'a@example.test' })).contact;
    // A ticket with its first message from the contact: no response yet.
    const late = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'email',
      kind: 'ticket',
      priority: 'high',
    });
    // A ticket answered in time and resolved in time.
    const quick = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'email',
      kind: 'ticket',
      priority: 'low',
    });
    // Staff-opened: the body is staff's first response.
    const staffOpened = await openTicket(staff, {
      contactId: contact.id,
      subject: 'x',
      priority: 'high',
      body: 'y',
    });
    const breaches = async () =>
      (
        await db.query<{ data: Record<string, unknown> }>(
          `select data from outbox where workspace_id = $1 and type = 'ticket.sla_breached' order by id`,
          [ws.id],
        )
      ).map((r) => r.data);

    clock.advance(10 * MINUTE);
    await replyToConversation(staff, { conversationId: quick.id, body: 'On it' });
    expect(await checkSlaBreaches(db, clock.now())).toBe(0);
    clock.advance(20 * MINUTE); // 30 minutes: late's first response target passes
    await resolveConversation(staff, quick.id);
    expect(await checkSlaBreaches(db, clock.now())).toBe(1);
    expect(await checkSlaBreaches(db, clock.now())).toBe(0);
    expect(await breaches()).toEqual([
      {
        ticket_id: late.id,
        reference: late.reference,
        priority: 'high',
        sla: 'first_response',
        breached_at: '2026-11-02T09:30:00.000Z',
      },
    ]);
    clock.advance(120 * MINUTE); // late's resolution target (2 h) and staffOpened's pass; quick is resolved
    const run = await runConversationTimers(db, clock.now());
    expect(run.sla_breaches).toBe(2);
    const all = await breaches();
    expect(all.map((b) => `${b.ticket_id} ${b.sla}`).sort()).toEqual(
      [`${late.id} first_response`, `${late.id} resolution`, `${staffOpened.id} resolution`].sort(),
    );
    expect(all.find((b) => b.ticket_id === staffOpened.id && b.sla === 'first_response')).toBeUndefined();
    expect((await runConversationTimers(db, clock.now())).sla_breaches).toBe(0);
  });
});
