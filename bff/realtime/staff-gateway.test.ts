import { expect, it, vi } from 'vitest';
import { upsertContact } from '../../server-core/contacts/upsert-contact';
import { createConversation } from '../../server-core/conversations/write-conversations';
import { notifyStaff } from '../../server-core/realtime/notify-staff';
import { testCtx } from '../../server-core/testing/ctx';
import { describeDb } from '../../server-core/testing/db';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../../server-core/testing/fixtures';
import { json, makeTestApp, signIn } from '../testing/services';
import type { RealtimeSocket } from './gateway';
import { cookieValue, createStaffGateway, sameOrigin } from './staff-gateway';

/** A socket that records what it was sent and how it ended. */
function fakeSocket() {
  const sent: unknown[] = [];
  const ends: string[] = [];
  const socket: RealtimeSocket = {
    send: (text) => sent.push(JSON.parse(text)),
    close: (code, reason) => ends.push(`${code} ${reason}`),
    terminate: () => ends.push('terminated'),
    bufferedAmount: 0,
  };
  return { socket, sent, ends };
}

it('reads one cookie and checks the origin against the host', () => {
  expect(cookieValue('a=1; session=abc%3D; csrf=x', 'session')).toBe('abc=');
  expect(cookieValue('xsession=1; session_2=3', 'session')).toBeUndefined();
  expect(cookieValue('session=%E0%A4%A', 'session')).toBeUndefined();
  expect(cookieValue(undefined, 'session')).toBeUndefined();
  expect(sameOrigin('http://127.0.0.1:3000', '127.0.0.1:3000')).toBe(true);
  expect(sameOrigin('https://app.example.com', 'APP.example.com')).toBe(true);
  for (const [origin, host] of [
    ['https://evil.example', 'app.example.com'],
    ['http://127.0.0.1:3001', '127.0.0.1:3000'],
    ['null', '127.0.0.1:3000'],
    ['file:///x', ''],
    [undefined, '127.0.0.1:3000'],
  ] as const) {
    expect(sameOrigin(origin, host), `${origin}`).toBe(false);
  }
});

describeDb('the console socket: staff hear which conversation changed', (getDb) => {
  it('admits a member from the console origin only; delivers ids of their workspace only', async () => {
    const db = getDb();
    const t = makeTestApp(db);
    const ws = await makeWorkspace(db);
    const owner = await makeMember(db, ws.id, 'owner');
    const s = await signIn(t, owner.email, TEST_PASSWORD);
    const other = await makeWorkspace(db);
    const stranger = await makeMember(db, other.id, 'owner');
    const so = await signIn(t, stranger.email, TEST_PASSWORD);
    const gateway = createStaffGateway(t.services);
    const same = { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' };

    expect(await gateway.admit({ ...same, cookie: s.cookie, workspace: ws.id })).toMatchObject({
      ok: true,
      workspaceId: ws.id,
      userId: owner.id,
    });
    // A page of another site can make the browser send the cookie: the origin check refuses it.
    expect(
      await gateway.admit({
        origin: 'https://evil.example',
        host: same.host,
        cookie: s.cookie,
        workspace: ws.id,
      }),
    ).toEqual({
      ok: false,
      status: 403,
    });
    expect(await gateway.admit({ ...same, workspace: ws.id })).toEqual({ ok: false, status: 401 });
    expect(await gateway.admit({ ...same, cookie: 'session=forged', workspace: ws.id })).toEqual({
      ok: false,
      status: 401,
    });
    expect(await gateway.admit({ ...same, cookie: so.cookie, workspace: ws.id })).toEqual({
      ok: false,
      status: 403,
    });
    expect(await gateway.admit({ ...same, cookie: s.cookie, workspace: 'nope' })).toEqual({
      ok: false,
      status: 404,
    });

    const mine = fakeSocket();
    const theirs = fakeSocket();
    const unlisten = await gateway.listen(db);
    try {
      gateway.add(ws.id, mine.socket, new Date(Date.now() + 3_600_000));
      gateway.add(other.id, theirs.socket, new Date(Date.now() + 3_600_000));
      expect(mine.sent).toEqual([{ type: 'ready' }]);

      // A staff write over HTTP (a note) and a new conversation written in server-core: heard at commit.
      const ctx = testCtx(db, ws.id);
      const { contact } = await upsertContact(ctx, { email: 'ada@example.com' });
      const conversation = await createConversation(ctx, { contactId: contact.id, channel: 'email' });
      const note = await t.app.request(`/api/v1/workspaces/${ws.id}/conversations/${conversation.id}/notes`, {
        method: 'POST',
        ...json({ body: 'Looking into it.' }, s.headers),
      });
      expect(note.status).toBe(201);
      await vi.waitFor(() =>
        expect(mine.sent).toContainEqual({ type: 'conversation.changed', conversation_id: conversation.id }),
      );
      expect(theirs.sent).toEqual([{ type: 'ready' }]);

      // A write rolled back announces nothing.
      await db
        .tx(async (tx) => {
          await notifyStaff(tx, ws.id, 'rolled-back');
          throw new Error('rollback');
        })
        .catch(() => {});
      await notifyStaff(db, ws.id, 'after');
      await vi.waitFor(() =>
        expect(mine.sent).toContainEqual({ type: 'conversation.changed', conversation_id: 'after' }),
      );
      expect(mine.sent).not.toContainEqual({ type: 'conversation.changed', conversation_id: 'rolled-back' });

      // A malformed notification is ignored; a socket whose session expired is closed, not sent to.
      expect(gateway.deliver('not json')).toBe(0);
      const expired = fakeSocket();
      gateway.add(ws.id, expired.socket, new Date(t.clock.now().getTime() - 1));
      expect(gateway.deliver(JSON.stringify({ w: ws.id, c: 'x' }))).toBe(1);
      expect(expired.ends).toEqual(['4401 session expired']);
      expect(gateway.size()).toBe(2);
      gateway.remove(ws.id, mine.socket);
      gateway.remove(other.id, theirs.socket);
      expect(gateway.size()).toBe(0);
    } finally {
      await unlisten();
    }
  });
});
