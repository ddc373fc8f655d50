import { expect, it } from 'vitest';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import {
  CONVERSATION_TIMERS_EVERY_MS,
  CONVERSATION_TIMERS_KIND,
  scheduleConversationTimers,
} from '../../server-core/conversations/conversation-timers';
import { createConversation } from '../../server-core/conversations/write-conversations';
import { MINUTE, manualClock } from '../../server-core/lib/clock';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { testWorkerDeps } from '../testing/worker-deps';
import { runWorkerOnce } from './loop';

describeDb('the conversation timers job', (getDb) => {
  it('wakes snoozed conversations, sends passed SLA breaches and schedules itself a minute on', async () => {
    const db = getDb();
    const clock = manualClock('2026-11-02T09:00:00.000Z');
    const ctx = testCtx(db, (await makeWorkspace(db)).id, clock);
    const contact = (await upsertContact(ctx, { email: 'a@example.test' })).contact;
    const ticket = await createConversation(ctx, {
      contactId: contact.id,
      channel: 'email',
      kind: 'ticket',
      priority: 'urgent',
    });
    await db.query(
      `insert into sla_targets (workspace_id, priority, first_response_minutes, updated_at) values ($1, 'urgent', 5, $2)`,
      [ctx.workspaceId, clock.now()],
    );
    await db.query(
      `update conversations set state = 'snoozed', snoozed_until = $3 where workspace_id = $1 and id = $2`,
      [ctx.workspaceId, ticket.id, new Date(clock.now().getTime() + MINUTE)],
    );
    await scheduleConversationTimers(db, clock.now());
    expect(await scheduleConversationTimers(db, clock.now())).toBeNull();
    clock.advance(5 * MINUTE);
    const deps = testWorkerDeps(db, clock);
    expect(await runWorkerOnce(deps, 'w')).toBe(1);
    const [row] = await db.query<{ state: string }>(
      'select state from conversations where workspace_id = $1 and id = $2',
      [ctx.workspaceId, ticket.id],
    );
    expect(row!.state).toBe('open');
    const breaches = await db.query(
      "select 1 from outbox where workspace_id = $1 and type = 'ticket.sla_breached'",
      [ctx.workspaceId],
    );
    expect(breaches).toHaveLength(1);
    const next = await db.query<{ run_at: Date }>(
      `select run_at from jobs where kind = $1 and state = 'pending'`,
      [CONVERSATION_TIMERS_KIND],
    );
    expect(next.map((r) => r.run_at.getTime())).toEqual([
      clock.now().getTime() + CONVERSATION_TIMERS_EVERY_MS,
    ]);
  });
});
