import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes as they arrived. */
  body: Buffer;
}

/** What the receiver answers: a status (with optional headers), or 'hang' to never answer. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Sets how the next requests are answered (default 200). */
  reply(fn: (req: ReceivedRequest, index: number) => Reply): void;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that records every request a webhook attempt makes. */
export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const hanging = new Set<ServerResponse>();
  let replyFn: (req: ReceivedRequest, index: number) => Reply = () => ({ status: 200 });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(received);
      const reply = replyFn(received, requests.length - 1);
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    reply(fn) {
      replyFn = fn;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
