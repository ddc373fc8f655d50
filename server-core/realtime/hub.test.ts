import { describe, expect, it } from 'vitest';
import { createRealtimeHub } from './hub';
import { parseRealtimeEnvelope } from './notify-widgets';

const W1 = 'ws1';
const W2 = 'ws2';

function hubWith(limits = { maxSockets: 100, maxPerVisitor: 5 }) {
  const hub = createRealtimeHub<string>(limits);
  const add = (name: string, workspaceId: string, visitorId: string, contactId: string | null = null) => {
    expect(hub.admit(name)).toBe(true);
    expect(hub.register(name, { workspaceId, visitorId, contactId })).toBe(true);
  };
  return { hub, add };
}

describe('the realtime hub', () => {
  it('sends a workspace broadcast to every authenticated socket of that workspace only', () => {
    const { hub, add } = hubWith();
    add('a', W1, 'v1');
    add('b', W1, 'v2', 'c1');
    add('x', W2, 'v1');
    hub.admit('pending'); // connected, not authenticated yet
    expect(hub.recipients({ w: W1 }).sort()).toEqual(['a', 'b']);
    expect(hub.recipients({ w: W2 })).toEqual(['x']);
    expect(hub.recipients({ w: 'ws3' })).toEqual([]);
    expect(hub.size()).toEqual({ open: 4, authenticated: 3 });
  });

  it('sends to one visitor and to every visitor verified as the same contact, never across workspaces', () => {
    const { hub, add } = hubWith();
    add('tab1', W1, 'v1', 'c1');
    add('tab2', W1, 'v1', 'c1');
    add('phone', W1, 'v9', 'c1'); // another browser of the same person
    add('stranger', W1, 'v2');
    add('elsewhere', W2, 'v1', 'c1'); // same ids in another workspace
    expect(hub.recipients({ w: W1, v: 'v1' }).sort()).toEqual(['tab1', 'tab2']);
    expect(hub.recipients({ w: W1, c: 'c1' }).sort()).toEqual(['phone', 'tab1', 'tab2']);
    expect(hub.recipients({ w: W1, v: 'v2', c: 'c1' }).sort()).toEqual(['phone', 'stranger', 'tab1', 'tab2']);
    expect(hub.recipients({ w: W1, v: 'nobody' })).toEqual([]);
    expect(hub.recipients({ w: W2, v: 'v1' })).toEqual(['elsewhere']);
  });

  it('re-authentication moves a socket to its new visitor and contact', () => {
    const { hub, add } = hubWith();
    add('s', W1, 'v1');
    expect(hub.recipients({ w: W1, c: 'c1' })).toEqual([]);
    // user.set identified the visitor: the widget authenticates again on the same socket.
    expect(hub.register('s', { workspaceId: W1, visitorId: 'v1', contactId: 'c1' })).toBe(true);
    expect(hub.recipients({ w: W1, c: 'c1' })).toEqual(['s']);
    // Another person signs in in that tab (a new visitor token after forget): nothing of the old one stays.
    expect(hub.register('s', { workspaceId: W2, visitorId: 'v2', contactId: 'c2' })).toBe(true);
    expect(hub.recipients({ w: W1 })).toEqual([]);
    expect(hub.recipients({ w: W1, v: 'v1', c: 'c1' })).toEqual([]);
    expect(hub.recipients({ w: W2, c: 'c2' })).toEqual(['s']);
    expect(hub.identity('s')).toEqual({ workspaceId: W2, visitorId: 'v2', contactId: 'c2' });
    expect(hub.size()).toEqual({ open: 1, authenticated: 1 });
  });

  it('forgets a closed socket everywhere', () => {
    const { hub, add } = hubWith();
    add('s', W1, 'v1', 'c1');
    hub.remove('s');
    hub.remove('never-admitted');
    expect(hub.recipients({ w: W1 })).toEqual([]);
    expect(hub.recipients({ w: W1, v: 'v1', c: 'c1' })).toEqual([]);
    expect(hub.identity('s')).toBeNull();
    expect(hub.size()).toEqual({ open: 0, authenticated: 0 });
  });

  it('caps the sockets of a node, authenticated or not, and makes room when one closes', () => {
    const { hub } = hubWith({ maxSockets: 2, maxPerVisitor: 5 });
    expect(hub.admit('a')).toBe(true);
    expect(hub.admit('b')).toBe(true);
    expect(hub.hasRoom()).toBe(false);
    expect(hub.admit('c')).toBe(false);
    expect(hub.admit('a')).toBe(true); // already in
    hub.remove('a');
    expect(hub.hasRoom()).toBe(true);
    expect(hub.admit('c')).toBe(true);
    expect(() => hub.register('a', { workspaceId: W1, visitorId: 'v', contactId: null })).toThrow(
      'not admitted',
    );
  });

  it('caps the sockets of one visitor; re-authenticating one of them is not one more', () => {
    const { hub, add } = hubWith({ maxSockets: 100, maxPerVisitor: 2 });
    add('t1', W1, 'v1');
    add('t2', W1, 'v1');
    hub.admit('t3');
    expect(hub.register('t3', { workspaceId: W1, visitorId: 'v1', contactId: null })).toBe(false);
    expect(hub.identity('t3')).toBeNull();
    expect(hub.register('t2', { workspaceId: W1, visitorId: 'v1', contactId: 'c1' })).toBe(true);
    expect(hub.register('t3', { workspaceId: W1, visitorId: 'v2', contactId: null })).toBe(true);
    expect(hub.recipients({ w: W1, v: 'v1' }).sort()).toEqual(['t1', 't2']);
  });
});

describe('reading a NOTIFY payload back', () => {
  it('takes what notifyWidgets writes', () => {
    const m = { type: 'experience.unpublished', experience_id: 'e1' };
    expect(parseRealtimeEnvelope(JSON.stringify({ w: W1, m }))).toEqual({ w: W1, m });
    expect(parseRealtimeEnvelope(JSON.stringify({ w: W1, v: 'v1', c: 'c1', m }))).toEqual({
      w: W1,
      v: 'v1',
      c: 'c1',
      m,
    });
  });

  it('refuses anything else', () => {
    const m = { type: 'session.ended' };
    for (const payload of [
      '',
      'not json',
      '[]',
      'null',
      '"text"',
      JSON.stringify({ m }),
      JSON.stringify({ w: '', m }),
      JSON.stringify({ w: 5, m }),
      JSON.stringify({ w: W1 }),
      JSON.stringify({ w: W1, m: [] }),
      JSON.stringify({ w: W1, m: { type: 7 } }),
      JSON.stringify({ w: W1, v: 7, m }),
      JSON.stringify({ w: W1, c: 'x'.repeat(65), m }),
    ]) {
      expect(parseRealtimeEnvelope(payload), payload).toBeNull();
    }
  });
});
