import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { HttpServerLimits } from '../bff/config';

export interface ListenOptions {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  host: string;
  limits: HttpServerLimits;
}

/**
 * The Node HTTP server for the app, listening, with the configured limits (docs/running-in-production.md):
 * - headers must arrive within headersTimeoutMs and the whole request (body included) within
 *   requestTimeoutMs, else 408 and the connection is closed (Node's default allows 300 s);
 * - an idle kept-alive connection is closed after keepAliveTimeoutMs (behind a proxy this must exceed
 *   the proxy's own idle timeout for upstream connections, or the proxy may reuse a socket we close);
 * - connections beyond maxConnections are dropped at accept.
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
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}
