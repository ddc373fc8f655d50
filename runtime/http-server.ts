import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { serve } from '@hono/node-server';
import type { HttpServerLimits } from '../bff/config';

export interface ListenOptions {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  host: string;
  limits: HttpServerLimits;
  /** Takes an upgrade request (the realtime WebSocket) or answers false; attached before listening. */
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
}

/**
 * The Node HTTP server for the app, listening, with the configured limits (docs/running-in-production.md):
 * - headers must arrive within headersTimeoutMs and the whole request (body included) within
 *   requestTimeoutMs, else 408 and the connection is closed (Node's default allows 300 s);
 * - an idle kept-alive connection is closed after keepAliveTimeoutMs (behind a proxy this must exceed
 *   the proxy's own idle timeout for upstream connections, or the proxy may reuse a socket we close);
 * - connections beyond maxConnections are dropped at accept (WebSocket connections count too);
 * - an upgrade request that opts.upgrade does not take is served as an ordinary request (servedIgnoringUpgrade).
 * Node checks the two request timeouts on an interval (30 s by default); it is scaled to the shortest so a
 * timeout is enforced within a quarter of itself.
 */
export async function listenHttp(opts: ListenOptions): Promise<Server> {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs, maxConnections } = opts.limits;
  const server = serve({
    fetch: opts.fetch,
    port: opts.port,
    hostname: opts.host,
    serverOptions: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      keepAliveTimeout: keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(25, Math.floor(headersTimeoutMs / 4))),
    },
  }) as Server;
  server.maxConnections = maxConnections;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!opts.upgrade?.(req, socket, head)) serveIgnoringUpgrade(server, req, socket as Socket, head);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}

/**
 * An upgrade request nobody takes (`Upgrade: h2c` from an HTTP/2-capable client, a WebSocket handshake to
 * another path) is answered as if it had no Upgrade header, which HTTP allows (RFC 9110, 7.8): Node has
 * already handed the socket over, so the answer is written on it and the connection closes after it. The
 * body must have arrived with the headers (it is the `head` Node passes); one still in flight answers 400.
 */
export function serveIgnoringUpgrade(
  server: Server,
  req: IncomingMessage,
  socket: Socket,
  head: Buffer,
): void {
  socket.on('error', () => {});
  const declared = Number(req.headers['content-length'] ?? 0);
  if (req.headers['transfer-encoding'] !== undefined || !(declared <= head.length)) {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return;
  }
  const res = new ServerResponse(req);
  res.shouldKeepAlive = false;
  res.assignSocket(socket);
  res.on('finish', () => {
    res.detachSocket(socket);
    socket.destroySoon();
  });
  if (declared > 0) req.unshift(head.subarray(0, declared));
  server.emit('request', req, res);
}
