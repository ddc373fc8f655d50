import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createApiClient } from '../api/client';
import type { HttpConfig } from '../config';
import { log } from '../log';
import { buildMcpServer } from '../server';
import { bearerToken, keyDigest, sameKey } from './bearer';
import { hostAllowed, loopbackHosts } from './host';
import { originAllowed } from './origin';
import { readJsonBody } from './read-body';

export const MCP_PATH = '/mcp';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  /** SHA-256 of the key the session was opened with; every later request must bring the same key. */
  digest: Buffer;
  lastUsed: number;
}

export interface RunningHttp {
  /** e.g. http://127.0.0.1:8790/mcp */
  url: string;
  sessionCount(): number;
  close(): Promise<void>;
}

/** A JSON-RPC error answer outside any session (the shape the SDK's transport uses). */
function refuse(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  // -32700 for a body that is not JSON (JSON-RPC's parse error), -32000 (server error) for the rest.
  const code = message.startsWith('Parse error') ? -32700 : -32000;
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/**
 * The Streamable HTTP entry: POST/GET/DELETE on /mcp, sessions per the MCP specification (the server
 * issues `Mcp-Session-Id` on initialize; an unknown id answers 404 so the client starts again). Each
 * session has its own MCP server and API client over the key of the request that opened it.
 * Checked on every request, in order: the path, Origin and Host (DNS rebinding: 403), the bearer key (401).
 */
export async function startHttpServer(config: HttpConfig): Promise<RunningHttp> {
  const sessions = new Map<string, Session>();
  let allowedHosts: string[] = [];

  const closeSession = async (id: string, why: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(() => undefined);
    log('info', `session ${id} closed (${why})`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== MCP_PATH) return refuse(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}`);
    if (!originAllowed(req.headers.origin, config.allowedOrigins))
      return refuse(res, 403, 'Forbidden: this Origin is not allowed (MCP_ALLOWED_ORIGINS)');
    if (!hostAllowed(req.headers.host, allowedHosts))
      return refuse(res, 403, 'Forbidden: this Host is not allowed');
    const key = bearerToken(req.headers.authorization);
    if (key === null)
      return refuse(res, 401, 'Unauthorized: send a workspace API key as Authorization: Bearer <key>', {
        'WWW-Authenticate': 'Bearer',
      });

    const sessionHeader = req.headers['mcp-session-id'];
    if (sessionHeader !== undefined) {
      const session = typeof sessionHeader === 'string' ? sessions.get(sessionHeader) : undefined;
      if (!session) return refuse(res, 404, 'Session not found: initialize a new session');
      if (!sameKey(session.digest, key))
        return refuse(res, 403, 'Forbidden: this session was opened with another API key');
      session.lastUsed = Date.now();
      if (req.method !== 'POST') return session.transport.handleRequest(req, res);
      const body = await readJsonBody(req);
      if (!body.ok) return refuse(res, body.status, body.message);
      return session.transport.handleRequest(req, res, body.value);
    }

    if (req.method !== 'POST')
      return refuse(res, 400, 'Bad Request: no Mcp-Session-Id; initialize with a POST');
    const body = await readJsonBody(req);
    if (!body.ok) return refuse(res, body.status, body.message);
    if (!isInitializeRequest(body.value))
      return refuse(res, 400, 'Bad Request: no Mcp-Session-Id; the first request is initialize');
    if (sessions.size >= config.maxSessions)
      return refuse(res, 503, 'Too many sessions: close one (DELETE) or retry later', {
        'Retry-After': '30',
      });

    const server = buildMcpServer(
      createApiClient({ baseUrl: config.apiUrl, apiKey: key, timeoutMs: config.apiTimeoutMs }),
    );
    const digest = keyDigest(key);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, digest, lastUsed: Date.now() });
        log('info', `session ${id} opened`);
      },
      onsessionclosed: (id) => void closeSession(id, 'deleted by the client'),
    });
    transport.onclose = () => {
      if (transport.sessionId) void closeSession(transport.sessionId, 'transport closed');
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body.value);
  };

  const http: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log('error', `request failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) refuse(res, 500, 'Internal error');
      else res.end();
    });
  });
  http.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  allowedHosts = loopbackHosts(config.host, port);
  const hostPart = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${hostPart}:${port}${MCP_PATH}`;
  if (allowedHosts.length === 0)
    log(
      'warn',
      `bound to ${config.host}, not loopback: expose it only behind a TLS proxy that authenticates`,
    );

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, s] of sessions)
        if (now - s.lastUsed > config.sessionIdleMs) void closeSession(id, 'idle');
    },
    Math.min(config.sessionIdleMs, 60_000),
  );
  sweep.unref();

  log('info', `listening on ${url} (API ${config.apiUrl})`);
  return {
    url,
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map((id) => closeSession(id, 'shutdown')));
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
    },
  };
}
