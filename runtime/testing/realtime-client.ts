import WebSocket from 'ws';

/** A widget-like realtime client for tests: collects the messages and the close code. */
export interface TestSocket {
  ws: WebSocket;
  messages: { type: string; [key: string]: unknown }[];
  /** Resolves at the close (code 1006 when the connection just dropped). */
  closed: Promise<{ code: number; reason: string }>;
  /** The next message of that type (already received or still to come), or an error after ms. */
  next(type: string, ms?: number): Promise<{ type: string; [key: string]: unknown }>;
  /** Fails when a message of that type arrives within ms. */
  none(type: string, ms: number): Promise<void>;
  send(message: unknown): void;
  close(): Promise<void>;
}

/** Connects to `${base}/widget/realtime` (http → ws); resolves once open. */
export async function openTestSocket(
  base: string,
  opts: { autoPong?: boolean; origin?: string } = {},
): Promise<TestSocket> {
  const url = `${base.replace(/^http/, 'ws')}/widget/realtime`;
  const ws = new WebSocket(url, {
    perMessageDeflate: false,
    autoPong: opts.autoPong ?? true,
    ...(opts.origin ? { origin: opts.origin } : {}),
  });
  const messages: TestSocket['messages'] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()));
    for (const w of waiters.splice(0)) w();
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    ws.once('error', reject);
  });
  let seen = 0;
  const socket: TestSocket = {
    ws,
    messages,
    closed,
    // Generous: a loaded CI box can take seconds to authenticate and LISTEN; a message that never comes still fails.
    async next(type, ms = 15_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const i = messages.findIndex((m, index) => index >= seen && m.type === type);
        if (i >= 0) {
          seen = i + 1;
          return messages[i]!;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} message within ${ms} ms: ${JSON.stringify(messages)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async none(type, ms) {
      const before = messages.length;
      await new Promise((r) => setTimeout(r, ms));
      const late = messages.slice(before).filter((m) => m.type === type);
      if (late.length > 0) throw new Error(`unexpected ${type}: ${JSON.stringify(late)}`);
    },
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async close() {
      if (ws.readyState !== WebSocket.CLOSED) ws.close();
      await closed;
    },
  };
  return socket;
}

/** Connects and authenticates; resolves once the server answered ready. */
export async function openReadySocket(base: string, token: string): Promise<TestSocket> {
  const socket = await openTestSocket(base);
  socket.send({ type: 'auth', token });
  await socket.next('ready');
  return socket;
}
