import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../bff/config';
import type { AppEnv } from '../bff/env';
import { createLogger } from '../bff/logger';
import { errorHandler } from '../bff/middleware/errors';
import { listenHttp } from './http-server';

/** An app that reads the whole body, as every JSON route does, with the app's error handler. */
const logged: string[] = [];
const app = new Hono<AppEnv>();
app.onError(errorHandler(createLogger('debug', (l) => logged.push(l))));
app.get('/', (c) => c.text('hello'));
app.post('/echo', async (c) => c.text(`got ${(await c.req.text()).length}`));

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  logged.length = 0;
  for (const s of sockets.splice(0)) s.destroy();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function start(env: Record<string, string>) {
  const { http } = loadConfig({ DEMO: 'off', ...env });
  const server = await listenHttp({ fetch: app.fetch, port: 0, host: '127.0.0.1', limits: http });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

interface Opened {
  socket: Socket;
  received: () => string;
  /** Milliseconds from open until the server closed the connection. */
  closed: Promise<number>;
}

function open(port: number): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', () => {});
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - t0)));
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** Writes one chunk every `everyMs` until the socket closes; the dribble never finishes on its own. */
function dribble(socket: Socket, chunk: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (socket.destroyed || !socket.writable) clearInterval(timer);
    else socket.write(chunk);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

const within = (ms: number, what: Promise<number>) =>
  Promise.race([
    what,
    new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);

describe('HTTP server limits (real sockets)', () => {
  it('reads the defaults and refuses a header timeout above the request timeout', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1000,
    });
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT: '0.5', HTTP_KEEP_ALIVE_TIMEOUT: '65' }).http).toMatchObject({
      headersTimeoutMs: 500,
      keepAliveTimeoutMs: 65_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT: '60', HTTP_REQUEST_TIMEOUT: '30' })).toThrow(
      'HTTP_HEADERS_TIMEOUT',
    );
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '0' })).toThrow('HTTP_MAX_CONNECTIONS');
  });

  it('cuts off a client that dribbles its headers', async () => {
    const port = await start({ HTTP_HEADERS_TIMEOUT: '0.5', HTTP_REQUEST_TIMEOUT: '5' });
    const c = await open(port);
    c.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    dribble(c.socket, 'X-Slow: y\r\n', 100);
    const ms = await within(3000, c.closed);
    expect(ms).toBeGreaterThanOrEqual(450);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts off a client that dribbles its body', async () => {
    const port = await start({ HTTP_HEADERS_TIMEOUT: '0.5', HTTP_REQUEST_TIMEOUT: '1' });
    const c = await open(port);
    c.socket.write(
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n',
    );
    dribble(c.socket, 'a', 100);
    const ms = await within(4000, c.closed);
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(c.received()).not.toContain('got ');
    // The body read fails when the server drops the connection: one line, no stack trace, no ERROR.
    await new Promise((r) => setTimeout(r, 100));
    expect(logged.filter((l) => / ERROR /.test(l))).toEqual([]);
    expect(
      logged.filter((l) => /INFO {2}request aborted by the client method=POST path=\/echo$/.test(l)),
    ).toHaveLength(1);
  });

  it('a prompt request is answered, and its idle kept-alive connection closed after the keep-alive timeout', async () => {
    const port = await start({ HTTP_KEEP_ALIVE_TIMEOUT: '0.3' });
    const c = await open(port);
    c.socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello');
    const ms = await within(3000, c.closed);
    expect(c.received()).toMatch(/^HTTP\/1\.1 200 [\s\S]*Keep-Alive: timeout=0[\s\S]*got 5$/);
    expect(ms).toBeGreaterThanOrEqual(250);
  });

  it('refuses connections beyond the cap and serves again once one closes', async () => {
    const port = await start({ HTTP_MAX_CONNECTIONS: '2' });
    const a = await open(port);
    const b = await open(port);
    a.socket.write('GET / HTTP/1.1\r\nHost: x\r\n'); // both held open mid-request
    b.socket.write('GET / HTTP/1.1\r\nHost: x\r\n');
    await new Promise((r) => setTimeout(r, 100));
    const third = await open(port);
    third.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await within(2000, third.closed);
    expect(third.received()).toBe('');

    a.socket.destroy();
    await a.closed;
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.text()).toBe('hello');
  });
});
