import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { createRealtimeGateway, type RealtimeSocket } from '../bff/realtime/gateway';
import { CLOSE, MAX_CLIENT_MESSAGE_BYTES, REALTIME_PATH } from '../bff/realtime/protocol';
import { createStaffGateway, STAFF_REALTIME_PATH } from '../bff/realtime/staff-gateway';
import type { Services } from '../bff/services';

export interface RealtimeServer {
  /** Takes an upgrade request to REALTIME_PATH; answers false for any other (the caller serves it). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Open sockets on this node, authenticated or not. */
  size(): { open: number; authenticated: number };
  /** Refuses new sockets, closes open ones with 1001 (terminated if they do not answer), unlistens. */
  close(): Promise<void>;
}

/** How long a closing socket gets to answer the closing handshake at shutdown. */
const SHUTDOWN_GRACE_MS = 2_000;

/**
 * Widget realtime on the process's HTTP server (docs/decisions/experiences.md, Realtime): one LISTEN on
 * WIDGET_REALTIME_CHANNEL for the node, WebSocket handshakes at REALTIME_PATH from any origin (the
 * socket carries no cookie; the visitor token sent inside it is the credential), up to
 * REALTIME_MAX_CONNECTIONS sockets (503 beyond), a keepalive ping every REALTIME_PING_INTERVAL that drops a
 * socket which did not answer the previous one. The protocol itself is bff/realtime/gateway.ts.
 */
export async function startRealtime(
  services: Pick<Services, 'db' | 'clock' | 'config' | 'logger' | 'keys' | 'flags'>,
): Promise<RealtimeServer> {
  const { logger } = services;
  const gateway = createRealtimeGateway(services);
  const unlisten = await gateway.listen(services.db);
  const staff = createStaffGateway(services);
  const unlistenStaff = await staff.listen(services.db).catch(async (err) => {
    await unlisten();
    throw err;
  });
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: MAX_CLIENT_MESSAGE_BYTES,
    maxFragments: 16,
    maxBufferedChunks: 8192,
  });
  const sockets = new Map<WebSocket, { alive: boolean }>();
  let closing: Promise<void> | null = null;

  const pinger = setInterval(() => {
    for (const [ws, state] of sockets) {
      if (!state.alive) {
        logger.debug('realtime: dropped a socket that missed a ping');
        ws.terminate();
        continue;
      }
      state.alive = false;
      ws.ping();
    }
  }, services.config.realtime.pingIntervalMs);
  pinger.unref();

  function accept(ws: WebSocket): void {
    const socket: RealtimeSocket = {
      send: (text) => ws.send(text),
      close: (code, reason) => ws.close(code, reason),
      terminate: () => ws.terminate(),
      get bufferedAmount() {
        return ws.bufferedAmount;
      },
    };
    const state = { alive: true };
    sockets.set(ws, state);
    ws.on('pong', () => {
      state.alive = true;
    });
    ws.on('error', (err) => logger.debug('realtime socket error', { error: err.message }));
    const connection = gateway.connect(socket);
    ws.on('close', () => {
      sockets.delete(ws);
      connection?.closed();
    });
    if (!connection) return;
    ws.on('message', (data, binary) => {
      connection.message(binary ? '' : data.toString(), binary);
    });
  }

  /** A console socket: admitted at the handshake (session cookie, same origin, permission), then it only listens. */
  function upgradeStaff(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const refuse = (status: number, text: string) => {
      socket.on('error', () => {});
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (closing || !staff.hasRoom()) {
      refuse(503, 'Service Unavailable');
      return;
    }
    const workspace = new URL(req.url ?? '/', 'http://x').searchParams.get('workspace');
    staff
      .admit({ cookie: req.headers.cookie, origin: req.headers.origin, host: req.headers.host, workspace })
      .then((a) => {
        if (!a.ok) {
          const text = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[a.status];
          return refuse(a.status, text);
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          const state = { alive: true };
          sockets.set(ws, state);
          const s: RealtimeSocket = {
            send: (text) => ws.send(text),
            close: (code, reason) => ws.close(code, reason),
            terminate: () => ws.terminate(),
            get bufferedAmount() {
              return ws.bufferedAmount;
            },
          };
          ws.on('pong', () => {
            state.alive = true;
          });
          ws.on('error', (err) => logger.debug('staff realtime socket error', { error: err.message }));
          // The console only listens: a frame from it closes the socket.
          ws.on('message', () => ws.close(CLOSE.badMessage, 'this socket only listens'));
          ws.on('close', () => {
            sockets.delete(ws);
            staff.remove(a.workspaceId, s);
          });
          staff.add(a.workspaceId, s, a.expiresAt);
        });
      })
      .catch((err: Error) => {
        logger.error('staff realtime admission failed', { error: err.message });
        refuse(503, 'Service Unavailable');
      });
  }

  return {
    upgrade(req, socket, head) {
      const path = (req.url ?? '').split('?')[0];
      if (path === STAFF_REALTIME_PATH && req.headers.upgrade?.toLowerCase() === 'websocket') {
        upgradeStaff(req, socket, head);
        return true;
      }
      if (path !== REALTIME_PATH || req.headers.upgrade?.toLowerCase() !== 'websocket') return false;
      if (closing || !gateway.hasRoom()) {
        socket.on('error', () => {});
        socket.end(
          'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 30\r\nContent-Length: 0\r\n\r\n',
        );
        return true;
      }
      wss.handleUpgrade(req, socket, head, accept);
      return true;
    },
    size: () => gateway.hub.size(),
    close() {
      closing ??= (async () => {
        clearInterval(pinger);
        gateway.closeAll(CLOSE.goingAway, 'server stopping');
        staff.closeAll(CLOSE.goingAway, 'server stopping');
        const deadline = Date.now() + SHUTDOWN_GRACE_MS;
        while (sockets.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
        for (const ws of sockets.keys()) ws.terminate();
        await unlisten().catch((err: Error) =>
          logger.warn('realtime: unlisten failed', { error: err.message }),
        );
        await unlistenStaff().catch((err: Error) =>
          logger.warn('staff realtime: unlisten failed', { error: err.message }),
        );
        wss.close();
      })();
      return closing;
    },
  };
}
