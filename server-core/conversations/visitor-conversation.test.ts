import { expect, it } from 'vitest';
import { upsertContact } from '../contacts/upsert-contact';
import type { Ctx } from '../context';
import { newId } from '../lib/ulid';
import { type RealtimeEnvelope, WIDGET_REALTIME_CHANNEL } from '../realtime/notify-widgets';
import { testCtx } from '../testing/ctx';
import { describeDb } from '../testing/db';
import { makeWorkspace } from '../testing/fixtures';
import { appendMessage, loadVisitorConversation } from './visitor-conversation';

/** A row as a visitor's start writes it (startConversation is tested on its own). */
async function insertConversation(ctx: Ctx, owner: { visitorId: string | null; contactId: string | null }) {
  const id = newId(ctx.clock.now());
  await ctx.db.query(
    `insert into conversations (workspace_id, id, contact_id, widget_visitor_id, channel, state, kind, created_at, updated_at)
     values ($1, $2, $3, $4, 'widget', 'open', 'conversation', $5, $5)`,
    [ctx.workspaceId, id, owner.contactId, owner.visitorId, ctx.clock.now()],
  );
  return id;
}

describeDb('visitor conversations', (getDb) => {
  it('a visitor reads its own conversation and its verified contact’s, nobody else’s', async () => {
    const ctx = testCtx(getDb(), (await makeWorkspace(getDb())).id);
    const { contact } = await upsertContact(ctx, { email: 'ada@example.test', verified: true });
    const mine = await insertConversation(ctx, { visitorId: 'v-mine', contactId: null });
    const contacts = await insertConversation(ctx, { visitorId: 'v-other-browser', contactId: contact.id });
    const stranger = await insertConversation(ctx, { visitorId: 'v-stranger', contactId: null });

    await expect(
      loadVisitorConversation(ctx, { visitorId: 'v-mine', contactId: null, conversationId: mine }),
    ).resolves.toEqual({ id: mine, contact_id: null, state: 'open' });
    await expect(
      loadVisitorConversation(ctx, { visitorId: 'v-mine', contactId: contact.id, conversationId: contacts }),
    ).resolves.toMatchObject({ id: contacts, contact_id: contact.id });
    for (const [visitorId, contactId, conversationId] of [
      ['v-mine', null, stranger],
      ['v-mine', null, contacts],
      ['v-stranger', null, mine],
      ['v-mine', contact.id, 'no-such-id'],
    ] as const) {
      await expect(
        loadVisitorConversation(ctx, { visitorId, contactId, conversationId }),
      ).rejects.toMatchObject({
        code: 'not_found',
      });
    }
    // Another workspace's visitor with the same id sees nothing.
    const other = testCtx(getDb(), (await makeWorkspace(getDb())).id);
    await expect(
      loadVisitorConversation(other, { visitorId: 'v-mine', contactId: null, conversationId: mine }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('appendMessage writes, bumps, reopens on an inbound message, emits and notifies without bodies', async () => {
    const db = getDb();
    const ctx = testCtx(db, (await makeWorkspace(db)).id);
    const id = await insertConversation(ctx, { visitorId: 'v-1', contactId: null });
    const heard: RealtimeEnvelope[] = [];
    const unlisten = await db.listen(WIDGET_REALTIME_CHANNEL, (p) => {
      const envelope = JSON.parse(p) as RealtimeEnvelope;
      if (envelope.w === ctx.workspaceId) heard.push(envelope);
    });
    try {
      const visitorMsg = await appendMessage(ctx, {
        conversationId: id,
        direction: 'in',
        authorType: 'contact',
        authorId: 'v-1',
        kind: 'text',
        body: 'Hello?',
      });
      expect(visitorMsg.created_at).toEqual(ctx.clock.now());
      ctx.clock.advance(60_000);
      const reply = await appendMessage(ctx, {
        conversationId: id,
        direction: 'out',
        authorType: 'agent',
        authorId: 'user-1',
        kind: 'text',
        body: 'Hi, how can we help?',
      });
      const [conv] = await db.query<{ last_message_at: Date; first_response_at: Date }>(
        'select last_message_at, first_response_at from conversations where workspace_id = $1 and id = $2',
        [ctx.workspaceId, id],
      );
      expect(conv).toEqual({ last_message_at: ctx.clock.now(), first_response_at: ctx.clock.now() });

      // Resolved, then the visitor writes again: open again, with a conversation.updated frame.
      await db.query(
        `update conversations set state = 'resolved', resolved_at = $3 where workspace_id = $1 and id = $2`,
        [ctx.workspaceId, id, ctx.clock.now()],
      );
      ctx.clock.advance(60_000);
      await appendMessage(ctx, {
        conversationId: id,
        direction: 'in',
        authorType: 'contact',
        authorId: 'v-1',
        kind: 'text',
        body: 'One more thing',
      });
      const [after] = await db.query<{ state: string; resolved_at: Date | null; first_response_at: Date }>(
        'select state, resolved_at, first_response_at from conversations where workspace_id = $1 and id = $2',
        [ctx.workspaceId, id],
      );
      expect(after).toMatchObject({ state: 'open', resolved_at: null });

      const events = await db.query<{ type: string; data: Record<string, unknown> }>(
        'select type, data from outbox where workspace_id = $1 order by id',
        [ctx.workspaceId],
      );
      expect(events.map((e) => e.type)).toEqual([
        'conversation.message_received',
        'conversation.message_received',
      ]);
      expect(events[0]!.data).toEqual({
        conversation_id: id,
        message_id: visitorMsg.id,
        channel: 'widget',
        kind: 'conversation',
        contact_id: null,
        received_at: expect.any(String),
      });
      await expect
        .poll(() => heard.map((h) => ({ v: h.v, m: h.m })), { timeout: 5000 })
        .toEqual([
          { v: 'v-1', m: { type: 'conversation.message', conversation_id: id, message_id: reply.id } },
          { v: 'v-1', m: { type: 'conversation.updated', conversation_id: id } },
        ]);
      const messages = await db.query<{ direction: string; author_id: string; kind: string }>(
        'select direction, author_id, kind from conversation_messages where workspace_id = $1 and conversation_id = $2 order by id',
        [ctx.workspaceId, id],
      );
      expect(messages.map((m) => m.direction)).toEqual(['in', 'out', 'in']);
      expect(messages[1]).toMatchObject({ author_id: 'user-1', kind: 'text' });
    } finally {
      await unlisten();
    }
  });

  it('appendMessage refuses another workspace’s conversation', async () => {
    const ctx = testCtx(getDb(), (await makeWorkspace(getDb())).id);
    const id = await insertConversation(ctx, { visitorId: 'v-1', contactId: null });
    const other = testCtx(getDb(), (await makeWorkspace(getDb())).id);
    await expect(
      appendMessage(other, {
        conversationId: id,
        direction: 'out',
        authorType: 'agent',
        authorId: null,
        kind: 'text',
        body: 'x',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
