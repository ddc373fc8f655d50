import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP proxy to the service: a page that loads l.js through it talks to the API (and opens its
 * realtime socket) through it, so a test can cut every connection at once, as a restarting node or a
 * lost network would.
 */
export interface TcpProxy {
  url: string;
  /** Destroys every open connection (both sides); new ones are still accepted. */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port } = new URL(target);
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as { port: number };
  const cut = () => {
    for (const s of open) s.destroy();
  };
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut,
    close: () =>
      new Promise<void>((r) => {
        cut();
        server.close(() => r());
      }),
  };
}
