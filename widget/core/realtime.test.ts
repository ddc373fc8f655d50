import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createBus } from './bus';
import { connectRealtime } from './realtime';

/** The browser's WebSocket as far as realtime.ts uses it; each instance is kept for the test to drive. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function fakeWindow() {
  const listeners: Record<string, (e?: unknown) => void> = {};
  const doc = {
    visibilityState: 'visible',
    addEventListener(event: string, fn: (e?: unknown) => void) {
      listeners[`doc:${event}`] = fn;
    },
  };
  const w = {
    document: doc,
    addEventListener(event: string, fn: (e?: unknown) => void) {
      listeners[event] = fn;
    },
  };
  return { w: w as unknown as Window, fire: (event: string, e?: unknown) => listeners[event]?.(e) };
}

const last = () => FakeSocket.all.at(-1)!;

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(Math, 'random').mockReturnValue(1); // the longest wait of each step
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function start(opts: { token?: string; reboot?: () => Promise<boolean> } = {}) {
  const events = createBus();
  const received: unknown[] = [];
  events.on('realtime', (m) => received.push(m));
  let token = opts.token ?? 'wvt_one';
  const win = fakeWindow();
  const reboot = vi.fn(opts.reboot ?? (async () => false));
  connectRealtime(win.w, 'https://api.example.com/', () => token, events, reboot);
  const setToken = (t: string) => {
    token = t;
  };
  return { events, received, reboot, win, setToken };
}

it('connects to the wss: URL of the API base, authenticates first and passes every frame to the bus', () => {
  const { received } = start();
  expect(last().url).toBe('wss://api.example.com/widget/realtime');
  last().accept();
  expect(last().sent).toEqual([{ type: 'auth', token: 'wvt_one' }]);
  last().receive({ type: 'ready' });
  last().receive({ type: 'experience.unpublished', experience_id: 'e1' });
  expect(received).toEqual([{ type: 'ready' }, { type: 'experience.unpublished', experience_id: 'e1' }]);
  last().onmessage?.({ data: 'not json' });
  expect(received).toHaveLength(2);
});

it('derives ws: from an http base without a trailing slash', () => {
  const events = createBus();
  connectRealtime(
    fakeWindow().w,
    'http://127.0.0.1:8787',
    () => 't',
    events,
    async () => false,
  );
  expect(last().url).toBe('ws://127.0.0.1:8787/widget/realtime');
});

it('authenticates again on the same socket after user.set', () => {
  const { events, setToken } = start();
  last().accept();
  setToken('wvt_two');
  events.emit('identity');
  expect(FakeSocket.all).toHaveLength(1);
  expect(last().sent).toEqual([
    { type: 'auth', token: 'wvt_one' },
    { type: 'auth', token: 'wvt_two' },
  ]);
});

it('reconnects after 1 s doubling to 30 s, back to 1 s once ready', () => {
  start();
  const waits: number[] = [];
  for (let i = 0; i < 7; i++) {
    const before = FakeSocket.all.length;
    last().drop();
    let waited = 0;
    while (FakeSocket.all.length === before) {
      vi.advanceTimersByTime(100);
      waited += 100;
    }
    waits.push(waited);
  }
  expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  last().accept();
  last().receive({ type: 'ready' });
  last().drop();
  vi.advanceTimersByTime(1000);
  expect(FakeSocket.all).toHaveLength(9);
});

it('jitters each wait between half and all of it', () => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
  start();
  last().drop();
  vi.advanceTimersByTime(499);
  expect(FakeSocket.all).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(FakeSocket.all).toHaveLength(2);
});

it('comes back at once when the browser goes online or the page becomes visible, never twice', () => {
  const { win } = start();
  last().drop();
  win.fire('online');
  expect(FakeSocket.all).toHaveLength(2);
  win.fire('online');
  win.fire('doc:visibilitychange');
  expect(FakeSocket.all).toHaveLength(2);
  last().drop();
  win.fire('doc:visibilitychange');
  expect(FakeSocket.all).toHaveLength(3);
  vi.advanceTimersByTime(60_000); // the pending retry was cancelled
  expect(FakeSocket.all).toHaveLength(3);
});

it('stops for good on 4404', () => {
  const { win } = start();
  last().drop(4404);
  vi.advanceTimersByTime(120_000);
  win.fire('online');
  expect(FakeSocket.all).toHaveLength(1);
});

it('after 4401 boots a new visitor once and reconnects with its token; a second 4401 stops it', async () => {
  const state = start({ reboot: async () => true });
  last().drop(4401);
  await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2));
  expect(state.reboot).toHaveBeenCalledTimes(1);
  last().drop(4401);
  await vi.advanceTimersByTimeAsync(120_000);
  expect(FakeSocket.all).toHaveLength(2);
  expect(state.reboot).toHaveBeenCalledTimes(1);
});

it('after 4401 stays closed when the new boot fails or turned realtime off', async () => {
  const state = start({ reboot: async () => false });
  last().drop(4401);
  await vi.advanceTimersByTimeAsync(120_000);
  expect(state.reboot).toHaveBeenCalledTimes(1);
  expect(FakeSocket.all).toHaveLength(1);
});

it('never throws into the page when the socket cannot be made', () => {
  vi.stubGlobal(
    'WebSocket',
    class {
      constructor() {
        throw new Error('blocked');
      }
    },
  );
  expect(() => start()).not.toThrow();
});

it('stops with one warning when the Content-Security-Policy of the page blocks the socket', () => {
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { win } = start();
  const blocked = { disposition: 'enforce', blockedURI: 'wss://api.example.com/widget/realtime' };
  win.fire('doc:securitypolicyviolation', {
    disposition: 'enforce',
    blockedURI: 'https://elsewhere.example/x',
  });
  win.fire('doc:securitypolicyviolation', { ...blocked, disposition: 'report' });
  expect(warned).not.toHaveBeenCalled();
  win.fire('doc:securitypolicyviolation', blocked);
  last().drop();
  vi.advanceTimersByTime(120_000);
  win.fire('online');
  win.fire('doc:securitypolicyviolation', blocked);
  expect(FakeSocket.all).toHaveLength(1);
  expect(warned.mock.calls).toEqual([
    [
      '[widget]',
      "realtime is blocked by the page's Content-Security-Policy: add wss://api.example.com to connect-src",
    ],
  ]);
});
