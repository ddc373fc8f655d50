import { expect, it } from 'vitest';
import { describeDb } from '../../server-core/testing/db';
import { makeWorkspace } from '../../server-core/testing/fixtures';
import { issueVisitor } from '../../server-core/widget/visitors';
import { makeTestApp } from '../testing/services';
import { createRealtimeGateway, type RealtimeSocket } from './gateway';
import { CLOSE, MAX_BUFFERED_BYTES, MAX_SOCKETS_PER_VISITOR } from './protocol';

/** A socket as the gateway sees it: what it was sent, how it ended. */
function fakeSocket() {
  const sent: Record<string, unknown>[] = [];
  const socket = {
    sent,
    ended: null as null | { code: number; reason: string } | 'terminated',
    bufferedAmount: 0,
    send: (text: string) => void sent.push(JSON.parse(text)),
    close(code: number, reason: string) {
      socket.ended = { code, reason };
    },
    terminate() {
      socket.ended = 'terminated';
    },
  };
  return socket satisfies RealtimeSocket;
}

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 200 && !until(); i++) await new Promise((r) => setTimeout(r, 5));
};

describeDb('the realtime gateway', (getDb) => {
  const setup = async (env: Record<string, string> = {}) => {
    const db = getDb();
    const t = makeTestApp(db, env);
    const ws = await makeWorkspace(db);
    const gateway = createRealtimeGateway(t.services);
    const token = () =>
      issueVisitor(t.services.keys.visitorToken, { id: ws.id, websiteId: ws.website_id }, t.clock.now());
    const authed = async (visitorToken: string) => {
      const s = fakeSocket();
      const c = gateway.connect(s)!;
      c.message(JSON.stringify({ type: 'auth', token: visitorToken }), false);
      await settle(() => s.sent.length > 0 || s.ended !== null);
      return { s, c };
    };
    return { db, t, ws, gateway, token, authed };
  };

  it('drops a socket whose unsent data passed the bound and keeps delivering to the others', async () => {
    const { ws, gateway, token, authed } = await setup();
    const slow = await authed(token().token);
    const fast = await authed(token().token);
    expect(slow.s.sent).toEqual([{ type: 'ready' }]);
    slow.s.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    const payload = JSON.stringify({ w: ws.id, m: { type: 'experience.unpublished', experience_id: 'e' } });
    expect(gateway.deliver(payload)).toBe(1);
    expect(slow.s.ended).toBe('terminated');
    expect(fast.s.sent.at(-1)).toEqual({ type: 'experience.unpublished', experience_id: 'e' });
    expect(gateway.hub.size()).toEqual({ open: 1, authenticated: 1 });
    slow.c.closed(); // the host reports the close later: harmless
    expect(gateway.deliver(payload)).toBe(1);
  });

  it(`refuses a visitor's socket beyond ${MAX_SOCKETS_PER_VISITOR} on one node`, async () => {
    const { token, authed } = await setup();
    const visitor = token().token;
    for (let i = 0; i < MAX_SOCKETS_PER_VISITOR; i++)
      expect((await authed(visitor)).s.sent).toEqual([{ type: 'ready' }]);
    const extra = await authed(visitor);
    expect(extra.s.ended).toEqual({ code: CLOSE.tooMany, reason: 'too many sockets for this visitor' });
    expect((await authed(token().token)).s.sent).toEqual([{ type: 'ready' }]);
  });

  it('authenticates in order: the last auth sent decides, and a bad one after a good one closes 4401', async () => {
    const { ws, gateway, token } = await setup();
    const first = token();
    const second = token();
    const s = fakeSocket();
    const c = gateway.connect(s)!;
    c.message(JSON.stringify({ type: 'auth', token: first.token }), false);
    c.message(JSON.stringify({ type: 'auth', token: second.token }), false);
    await settle(() => s.sent.length === 2);
    expect(gateway.hub.identity(s)).toEqual({
      workspaceId: ws.id,
      visitorId: second.visitor.id,
      contactId: null,
    });
    c.message(JSON.stringify({ type: 'auth', token: 'wvt_forged' }), false);
    await settle(() => s.ended !== null);
    expect(s.ended).toEqual({ code: CLOSE.invalidToken, reason: 'invalid visitor token' });
    expect(gateway.hub.size()).toEqual({ open: 0, authenticated: 0 });
  });

  it('counts messages per minute of the clock and admits up to the node cap', async () => {
    const { gateway, t } = await setup({ REALTIME_MAX_CONNECTIONS: '2' });
    const s = fakeSocket();
    const c = gateway.connect(s)!;
    for (let i = 0; i < 20; i++) c.message('{"type":"ping"}', false);
    t.clock.advance(60_000);
    for (let i = 0; i < 20; i++) c.message('{"type":"ping"}', false);
    expect(s.ended).toBeNull();
    expect(s.sent).toHaveLength(40);
    c.message('{"type":"ping"}', false);
    expect(s.ended).toEqual({ code: CLOSE.tooMany, reason: 'too many messages' });

    const a = fakeSocket();
    const b = fakeSocket();
    expect(gateway.connect(a)).not.toBeNull();
    expect(gateway.connect(b)).not.toBeNull();
    expect(gateway.hasRoom()).toBe(false);
    const refused = fakeSocket();
    expect(gateway.connect(refused)).toBeNull();
    expect(refused.ended).toEqual({ code: CLOSE.tryAgainLater, reason: 'no room on this node' });

    gateway.closeAll(CLOSE.goingAway, 'server stopping');
    expect([a.ended, b.ended]).toEqual([
      { code: CLOSE.goingAway, reason: 'server stopping' },
      { code: CLOSE.goingAway, reason: 'server stopping' },
    ]);
    expect(gateway.hasRoom()).toBe(false);
  });
});
