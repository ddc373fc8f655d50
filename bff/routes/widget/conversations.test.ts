import { expect, it } from 'vitest';
import { type RealtimeEnvelope, WIDGET_REALTIME_CHANNEL } from '../../../server-core/realtime/notify-widgets';
import { describeDb } from '../../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../../server-core/testing/fixtures';
import { identityHmac } from '../../../server-core/widget/identity-proof';
import { json, makeTestApp, signIn } from '../../testing/services';

interface Summary {
  id: string;
  state: string;
  unread: number;
}
interface WidgetConversation {
  id: string;
  state: string;
  rating: number | null;
  rating_requested: boolean;
  messages: { direction: string; author_type: string; author_name: string | null; body: string }[];
}

describeDb('widget conversations (the Chat tab)', (getDb) => {
  const setup = async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const portal = `/api/v1/workspaces/${ws.id}`;
    const staff = (method: string, path: string, body?: unknown) =>
      t.app.request(
        `${portal}${path}`,
        body === undefined ? { method, headers: s.headers } : { method, ...json(body, s.headers) },
      );
    const newVisitor = async () => {
      const res = await t.app.request(`/widget/boot?website_id=${ws.website_id}`);
      return ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
    };
    const call = (token: string, path: string, body?: unknown) =>
      t.app.request(
        path,
        body === undefined
          ? { headers: { Authorization: `Bearer ${token}` } }
          : { method: 'POST', ...json(body, { Authorization: `Bearer ${token}` }) },
      );
    const data = async <T>(res: Response | Promise<Response>, status = 200): Promise<T> => {
      const r = await res;
      expect(r.status, await r.clone().text()).toBe(status);
      return ((await r.json()) as { data: T }).data;
    };
    return { db, t, ws, owner, staff, newVisitor, call, data };
  };

  it('start, staff reply with a frame (ids only), read without notes, unread, send reopens', async () => {
    const { db, t, ws, staff, newVisitor, call, data } = await setup();
    const token = await newVisitor();
    const started = await data<WidgetConversation>(
      call(token, '/widget/conversations', { body: 'How do I export invoices?' }),
      201,
    );
    expect(started).toMatchObject({ state: 'open', rating: null, rating_requested: false });
    expect(started.messages).toMatchObject([
      { direction: 'in', author_type: 'contact', body: 'How do I export invoices?' },
    ]);

    const heard: RealtimeEnvelope[] = [];
    const unlisten = await db.listen(WIDGET_REALTIME_CHANNEL, (p) => {
      const e = JSON.parse(p) as RealtimeEnvelope;
      if (e.w === ws.id) heard.push(e);
    });
    try {
      t.clock.advance(1000);
      const reply = await data<{ id: string }>(
        staff('POST', `/conversations/${started.id}/replies`, { body: 'Billing → Export.' }),
        201,
      );
      await data(staff('POST', `/conversations/${started.id}/notes`, { body: 'internal: VIP' }), 201);
      await expect
        .poll(() => heard.map((h) => h.m))
        .toEqual([{ type: 'conversation.message', conversation_id: started.id, message_id: reply.id }]);
      expect(JSON.stringify(heard)).not.toContain('Billing');
    } finally {
      await unlisten();
    }
    expect(await data<Summary[]>(call(token, '/widget/conversations'))).toMatchObject([
      { id: started.id, unread: 1 },
    ]);
    // The widget's fetch on a frame while the conversation is not open: nothing marked read.
    t.clock.advance(1000);
    await data(call(token, `/widget/conversations/${started.id}?read=false`));
    expect(await data<Summary[]>(call(token, '/widget/conversations'))).toMatchObject([
      { id: started.id, unread: 1 },
    ]);
    t.clock.advance(1000);
    const read = await data<WidgetConversation>(
      call(token, `/widget/conversations/${started.id.toUpperCase()}`),
    );
    expect(read.messages.map((m) => m.body)).toEqual(['How do I export invoices?', 'Billing → Export.']);
    expect(read.messages[1]).toMatchObject({ author_type: 'agent', author_name: 'owner' });
    expect(JSON.stringify(read)).not.toContain('internal');
    expect(await data<Summary[]>(call(token, '/widget/conversations'))).toMatchObject([{ unread: 0 }]);

    await data(staff('POST', `/conversations/${started.id}/resolve`), 200);
    await data(call(token, `/widget/conversations/${started.id}/messages`, { body: 'One more thing' }), 201);
    expect((await data<WidgetConversation>(call(token, `/widget/conversations/${started.id}`))).state).toBe(
      'open',
    );
  });

  it('another visitor, or no token, reaches nothing; bodies are checked', async () => {
    const { newVisitor, call, data, t } = await setup();
    const mine = await newVisitor();
    const conv = await data<WidgetConversation>(
      call(mine, '/widget/conversations', { body: 'private' }),
      201,
    );
    const other = await newVisitor();
    expect(await data<Summary[]>(call(other, '/widget/conversations'))).toEqual([]);
    for (const res of [
      await call(other, `/widget/conversations/${conv.id}`),
      await call(other, `/widget/conversations/${conv.id}/messages`, { body: 'x' }),
      await call(other, `/widget/conversations/${conv.id}/rating`, { score: 5 }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('private');
    }
    expect((await t.app.request('/widget/conversations')).status).toBe(401);
    expect((await call(mine, '/widget/conversations', { body: '' })).status).toBe(422);
    expect((await call(mine, '/widget/conversations', { body: '   ' })).status).toBe(422);
    expect((await call(mine, '/widget/conversations', { body: 'x'.repeat(5001) })).status).toBe(422);
    expect((await call(mine, '/widget/conversations', { body: 'x', contact_id: 'y' })).status).toBe(422);
  });

  it('CSAT: 409 until staff ask a resolved conversation; the score is the public rating', async () => {
    const { staff, newVisitor, call, data } = await setup();
    const token = await newVisitor();
    const conv = await data<WidgetConversation>(call(token, '/widget/conversations', { body: 'hi' }), 201);
    const early = await call(token, `/widget/conversations/${conv.id}/rating`, { score: 5 });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('rating_not_requested');
    expect((await staff('POST', `/conversations/${conv.id}/rating-request`)).status).toBe(409);
    await data(staff('POST', `/conversations/${conv.id}/resolve`));
    await data(staff('POST', `/conversations/${conv.id}/rating-request`));
    expect(
      (await data<WidgetConversation>(call(token, `/widget/conversations/${conv.id}`))).rating_requested,
    ).toBe(true);
    expect((await call(token, `/widget/conversations/${conv.id}/rating`, { score: 6 })).status).toBe(422);
    const rated = await data<WidgetConversation>(
      call(token, `/widget/conversations/${conv.id}/rating`, { score: 4 }),
    );
    expect(rated).toMatchObject({ rating: 4, state: 'resolved' });
    expect((await data<{ rating: number }>(staff('GET', `/conversations/${conv.id}`))).rating).toBe(4);
  });

  it('the hand-over: user.set gives the anonymous visitor’s conversations to the contact, seen from its other browser', async () => {
    const { staff, newVisitor, call, data } = await setup();
    const secret = (
      (await (await staff('POST', '/widget/identity-secret/rotate')).json()) as { data: { secret: string } }
    ).data.secret;
    const laptop = await newVisitor();
    const conv = await data<WidgetConversation>(
      call(laptop, '/widget/conversations', { body: 'before login' }),
      201,
    );
    const portalRow = await data<{ contact_id: string | null }>(staff('GET', `/conversations/${conv.id}`));
    expect(portalRow.contact_id).toBeNull();

    const email = 'ada@example.com';
    await data(call(laptop, '/widget/identify', { email, hmac: identityHmac(secret, email) }));
    const handed = await data<{ contact_id: string | null }>(staff('GET', `/conversations/${conv.id}`));
    expect(handed.contact_id).not.toBeNull();

    const phone = await newVisitor();
    expect(await data<Summary[]>(call(phone, '/widget/conversations'))).toEqual([]);
    await data(call(phone, '/widget/identify', { email, hmac: identityHmac(secret, email) }));
    expect((await data<Summary[]>(call(phone, '/widget/conversations'))).map((c) => c.id)).toEqual([conv.id]);
    const read = await data<WidgetConversation>(call(phone, `/widget/conversations/${conv.id}`));
    expect(read.messages[0]!.body).toBe('before login');
  });

  it('rate limit: 30 chat writes a minute per visitor', async () => {
    const { newVisitor, call, data, t } = await setup();
    const token = await newVisitor();
    const conv = await data<WidgetConversation>(call(token, '/widget/conversations', { body: 'hi' }), 201);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      statuses.push(
        (await call(token, `/widget/conversations/${conv.id}/messages`, { body: `m${i}` })).status,
      );
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(29);
    const limited = await call(token, `/widget/conversations/${conv.id}/messages`, { body: 'again' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).not.toBeNull();
    // Another visitor is not limited by it.
    const other = await newVisitor();
    expect((await call(other, '/widget/conversations', { body: 'hi' })).status).toBe(201);
    t.clock.advance(61_000);
    expect((await call(token, `/widget/conversations/${conv.id}/messages`, { body: 'later' })).status).toBe(
      201,
    );
  });
});
