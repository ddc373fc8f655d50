import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import type { Db } from '../db/db';
import { manualClock } from '../lib/clock';
import { createRateLimiter } from '../ratelimit/rate-limiter';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeMember, makeWorkspace } from '../testing/fixtures';
import { issueVisitor, type Visitor } from '../widget/visitors';
import { addConversationNote } from './add-conversation-note';
import { assignConversation } from './assign-conversation';
import { convertToTicket } from './convert-to-ticket';
import { getPortalConversation } from './get-portal-conversation';
import { getVisitorConversation } from './get-visitor-conversation';
import { handOverVisitorConversations } from './hand-over-conversations';
import { listPortalConversations } from './list-portal-conversations';
import { listVisitorConversations } from './list-visitor-conversations';
import { openTicket } from './open-ticket';
import { rateConversation } from './rate-conversation';
import { getConversation } from './read-conversations';
import { releaseConversation } from './release-conversation';
import { reopenConversation } from './reopen-conversation';
import { replyToConversation } from './reply-to-conversation';
import { requestConversationRating } from './request-conversation-rating';
import { resolveConversation } from './resolve-conversation';
import { sendVisitorMessage } from './send-visitor-message';
import { snoozeConversation } from './snooze-conversation';
import { startConversation } from './start-conversation';
import { tagConversation } from './tag-conversation';
import { untagConversation } from './untag-conversation';
import { wakeSnoozedConversations } from './wake-snoozed-conversations';

async function setup(db: Db) {
  const ws = await makeWorkspace(db);
  const clock = manualClock('2026-11-02T09:00:00.000Z');
  const ctx = testCtx(db, ws.id, clock);
  const limiter = createRateLimiter({ db, clock, flushMs: 0 });
  const key = randomBytes(32);
  const visitor = (contactId: string | null = null): Visitor => ({
    ...issueVisitor(key, { id: ws.id, websiteId: ws.website_id }, clock.now()).visitor,
    contactId,
  });
  const member = await makeMember(db, ws.id, 'member');
  const staff = { ...ctx, actor: { type: 'user' as const, id: member.id } };
  const events = async () =>
    (
      await db.query<{ type: string; data: Record<string, unknown> }>(
        'select type, data from outbox where workspace_id = $1 order by id',
        [ws.id],
      )
    ).map((e): Record<string, unknown> => ({ type: e.type, ...e.data }));
  return { ws, clock, ctx, limiter, visitor, member, staff, events };
}

describeDb('conversations', (getDb) => {
  it('a visitor starts, staff reply, the visitor reads (no notes), unread counts, events without bodies', async () => {
    const { ctx, limiter, visitor, staff, clock, events } = await setup(getDb());
    const v = visitor();
    const conv = await startConversation(ctx, limiter, v, { body: '  How do I export invoices?  ' });
    expect(conv).toMatchObject({
      state: 'open',
      kind: 'conversation',
      contact_id: null,
      widget_visitor_id: v.id,
    });
    clock.advance(1000);
    const reply = await replyToConversation(staff, { conversationId: conv.id, body: 'Billing → Export.' });
    expect(reply).toMatchObject({ direction: 'out', author_type: 'agent', author_name: 'member' });
    await addConversationNote(staff, { conversationId: conv.id, body: 'VIP customer' });

    expect(await listVisitorConversations(ctx, v)).toMatchObject([{ id: conv.id, unread: 1 }]);
    const read = await getVisitorConversation(ctx, v, conv.id);
    expect(read.messages.map((m) => [m.direction, m.body])).toEqual([
      ['in', 'How do I export invoices?'],
      ['out', 'Billing → Export.'],
    ]);
    expect(await listVisitorConversations(ctx, v)).toMatchObject([{ id: conv.id, unread: 0 }]);
    // Staff see the note; the public API read does not.
    expect((await getPortalConversation(ctx, conv.id)).messages.map((m) => m.direction)).toEqual([
      'in',
      'out',
      'note',
    ]);
    expect((await getConversation(ctx, conv.id, 50)).messages.map((m) => m.direction)).toEqual(['in', 'out']);
    // Another visitor sees none of it.
    expect(await listVisitorConversations(ctx, visitor())).toEqual([]);
    await expect(getVisitorConversation(ctx, visitor(), conv.id)).rejects.toMatchObject({
      code: 'not_found',
    });

    const all = await events();
    expect(all.map((e) => e.type)).toEqual(['conversation.created', 'conversation.message_received']);
    expect(JSON.stringify(all)).not.toContain('export');
  });

  it('quarantine: link-heavy anonymous first messages and bursts are held, hidden, released with events', async () => {
    const { ctx, limiter, visitor, events } = await setup(getDb());
    const spam = await startConversation(ctx, limiter, visitor(), {
      body: 'Cheap http://a.example www.b.example and c.xyz/buy',
    });
    expect(spam.quarantined_at).not.toBeNull();
    // A verified contact may paste links.
    const contact = (await upsertContact(ctx, { email: 'ada@example.test', verified: true })).contact;
    const fine = await startConversation(ctx, limiter, visitor(contact.id), {
      body: 'See http://a.example http://b.example http://c.example',
    });
    expect(fine.quarantined_at).toBeNull();
    // A burst: the fourth start within a minute is held.
    const burster = visitor();
    const starts = [];
    for (let i = 0; i < 4; i++)
      starts.push(await startConversation(ctx, limiter, burster, { body: `hi ${i}` }));
    expect(starts.map((s) => s.quarantined_at !== null)).toEqual([false, false, false, true]);

    const listed = await listPortalConversations(ctx, { beforeId: null, limit: 50 });
    expect(listed.map((c) => c.id)).not.toContain(spam.id);
    const held = await listPortalConversations(ctx, { quarantined: true, beforeId: null, limit: 50 });
    expect(held.map((c) => c.id).sort()).toEqual([spam.id, starts[3]!.id].sort());

    const before = (await events()).filter((e) => e.conversation_id === spam.id);
    expect(before).toEqual([
      {
        type: 'conversation.quarantined',
        conversation_id: spam.id,
        channel: 'widget',
        quarantined_at: expect.any(String),
      },
    ]);
    await releaseConversation(ctx, spam.id);
    await releaseConversation(ctx, spam.id); // not held any more: nothing
    const after = (await events()).filter((e) => e.conversation_id === spam.id).map((e) => e.type);
    expect(after).toEqual(['conversation.quarantined', 'conversation.released', 'conversation.created']);
    expect((await listPortalConversations(ctx, { beforeId: null, limit: 50 })).map((c) => c.id)).toContain(
      spam.id,
    );
  });

  it('rating: only when resolved and requested; reopening ends the request', async () => {
    const { ctx, limiter, visitor, staff } = await setup(getDb());
    const v = visitor();
    const conv = await startConversation(ctx, limiter, v, { body: 'Hello' });
    await expect(
      rateConversation(ctx, limiter, v, { conversationId: conv.id, score: 5 }),
    ).rejects.toMatchObject({
      code: 'rating_not_requested',
    });
    await expect(requestConversationRating(staff, conv.id)).rejects.toMatchObject({
      code: 'conversation_not_resolved',
    });
    await resolveConversation(staff, conv.id);
    await expect(
      rateConversation(ctx, limiter, v, { conversationId: conv.id, score: 5 }),
    ).rejects.toMatchObject({
      code: 'rating_not_requested',
    });
    await requestConversationRating(staff, conv.id);
    const rated = await rateConversation(ctx, limiter, v, { conversationId: conv.id, score: 4 });
    expect(rated.conversation).toMatchObject({ rating: 4, state: 'resolved' });
    expect((await getConversation(ctx, conv.id, 1)).rating).toBe(4);
    await expect(
      rateConversation(ctx, limiter, visitor(), { conversationId: conv.id, score: 1 }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    // The visitor writes again: open, no rating request.
    await sendVisitorMessage(ctx, limiter, v, { conversationId: conv.id, body: 'Actually…' });
    const reopened = (await getPortalConversation(ctx, conv.id)).conversation;
    expect(reopened).toMatchObject({ state: 'open', rating_requested_at: null, rating: 4 });
  });

  it('resolve fires on the transition only; reopen; snooze wakes with the clock', async () => {
    const { ctx, limiter, visitor, staff, clock, events } = await setup(getDb());
    const conv = await startConversation(ctx, limiter, visitor(), { body: 'Hello' });
    await resolveConversation(staff, conv.id);
    await resolveConversation(staff, conv.id);
    expect((await events()).filter((e) => e.type === 'conversation.resolved')).toHaveLength(1);
    expect((await reopenConversation(staff, conv.id)).state).toBe('open');
    await expect(
      snoozeConversation(staff, { conversationId: conv.id, until: new Date(clock.now().getTime() - 1) }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    const until = new Date(clock.now().getTime() + 3_600_000);
    expect((await snoozeConversation(staff, { conversationId: conv.id, until })).state).toBe('snoozed');
    clock.advance(3_599_000);
    await wakeSnoozedConversations(getDb(), clock.now());
    expect((await getPortalConversation(ctx, conv.id)).conversation.state).toBe('snoozed');
    clock.advance(1000);
    await wakeSnoozedConversations(getDb(), clock.now());
    expect((await getPortalConversation(ctx, conv.id)).conversation).toMatchObject({
      state: 'open',
      snoozed_until: null,
    });
  });

  it('assign to members only; tags change once; filters', async () => {
    const { ctx, limiter, visitor, staff, member, events } = await setup(getDb());
    const conv = await startConversation(ctx, limiter, visitor(), { body: 'Hello' });
    const outsider = await makeMember(getDb(), (await makeWorkspace(getDb())).id, 'admin');
    await expect(
      assignConversation(staff, { conversationId: conv.id, assigneeId: outsider.id }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'assignee_id', rule: 'member' },
    });
    expect(
      (await assignConversation(staff, { conversationId: conv.id, assigneeId: member.id })).assignee_id,
    ).toBe(member.id);
    const audit = await getDb().query<{ action: string; actor_id: string; data: Record<string, unknown> }>(
      "select action, actor_id, data from audit_log where workspace_id = $1 and action = 'conversation.assigned'",
      [ctx.workspaceId],
    );
    expect(audit).toEqual([
      { action: 'conversation.assigned', actor_id: member.id, data: { assignee_id: member.id } },
    ]);
    await tagConversation(staff, { conversationId: conv.id, tag: ' Billing ' });
    await tagConversation(staff, { conversationId: conv.id, tag: 'billing' });
    await expect(untagConversation(staff, { conversationId: conv.id, tag: 'nothing' })).rejects.toMatchObject(
      {
        code: 'not_found',
      },
    );
    expect((await events()).filter((e) => e.type === 'conversation.tagged')).toEqual([
      {
        type: 'conversation.tagged',
        conversation_id: conv.id,
        source: 'human',
        tagged_at: expect.any(String),
      },
    ]);
    const page = { beforeId: null, limit: 10 };
    expect(
      await listPortalConversations(ctx, { ...page, tag: 'billing', assigneeId: member.id }),
    ).toHaveLength(1);
    expect(await listPortalConversations(ctx, { ...page, assigneeId: 'none' })).toHaveLength(0);
    expect(await listPortalConversations(ctx, { ...page, kind: 'ticket' })).toHaveLength(0);
    await untagConversation(staff, { conversationId: conv.id, tag: 'BILLING' });
    expect(await listPortalConversations(ctx, { ...page, tag: 'billing' })).toHaveLength(0);
    expect((await events()).filter((e) => e.type === 'conversation.tagged')).toHaveLength(2);
  });

  it('tickets: references in sequence, ticket.opened once, hand-over keeps a contact’s conversations', async () => {
    const { ctx, limiter, visitor, staff, events } = await setup(getDb());
    const contact = (await upsertContact(ctx, { email: 'grace@example.test', verified: true })).contact;
    const opened = await openTicket(staff, {
      contactId: contact.id,
      subject: 'SSO',
      priority: 'high',
      body: 'Set up SAML',
    });
    expect(opened).toMatchObject({
      kind: 'ticket',
      reference: 'T-1001',
      priority: 'high',
      channel: 'portal',
    });
    const v = visitor();
    const chat = await startConversation(ctx, limiter, v, { body: 'Hi' });
    const converted = await convertToTicket(staff, { conversationId: chat.id, priority: 'urgent' });
    expect(converted).toMatchObject({ kind: 'ticket', reference: 'T-1002', priority: 'urgent' });
    await convertToTicket(staff, { conversationId: chat.id, priority: 'low' });
    await expect(
      convertToTicket(staff, { conversationId: chat.id, priority: 'extreme' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    });
    const opens = (await events()).filter((e) => e.type === 'ticket.opened');
    expect(opens).toEqual([
      expect.objectContaining({
        ticket_id: opened.id,
        reference: 'T-1001',
        origin: 'portal',
        contact_id: contact.id,
      }),
      expect.objectContaining({
        ticket_id: chat.id,
        reference: 'T-1002',
        origin: 'conversation',
        contact_id: null,
      }),
    ]);
    expect(JSON.stringify(opens)).not.toContain('SSO');

    expect(await handOverVisitorConversations(ctx, { visitorId: v.id, contactId: contact.id })).toEqual([
      chat.id,
    ]);
    expect(await handOverVisitorConversations(ctx, { visitorId: v.id, contactId: 'someone-else' })).toEqual(
      [],
    );
    // The contact's other browser now sees both.
    const elsewhere = visitor(contact.id);
    expect((await listVisitorConversations(ctx, elsewhere)).map((c) => c.id).sort()).toEqual(
      [opened.id, chat.id].sort(),
    );
  });
});
