import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Config, loadConfig } from '../bff/config';
import { createLogger } from '../bff/logger';
import { CLOSE } from '../bff/realtime/protocol';
import { setFlag } from '../server-core/flags/flags';
import { createSecretBox } from '../server-core/lib/secret-box';
import { notifyWidgets } from '../server-core/realtime/notify-widgets';
import { testCtx } from '../server-core/testing/ctx';
import { testAdapters } from '../server-core/testing/db';
import { makeWorkspace } from '../server-core/testing/fixtures';
import { openThrowawaySchema, type ThrowawaySchema } from '../server-core/testing/throwaway-schema';
import { identityHmac } from '../server-core/widget/identity-proof';
import { rotateIdentitySecret } from '../server-core/widget/identity-secret';
import type { Workspace } from '../server-core/workspaces/create-workspace';
import { parseSecretKey } from './secret-key';
import { type RunningServer, startServer } from './server';
import { openReadySocket, openTestSocket, type TestSocket } from './testing/realtime-client';

const SECRET_KEY = 'ab'.repeat(32);
const MAX_SOCKETS = 6;

for (const adapter of testAdapters()) {
  describe(`widget realtime on the real server [${adapter}]`, () => {
    let server: RunningServer;
    let schema: ThrowawaySchema | null = null;
    let dataDir: string;
    const lines: string[] = [];
    const open: TestSocket[] = [];

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'realtime-'));
      const env: Record<string, string> = {
        PORT: '0',
        DEMO: 'off',
        WORKER: 'off',
        SERVE_WIDGET: 'off',
        DATA_DIR: dataDir,
        SECRET_KEY,
        // An HTTP embedder nobody calls: no word table to convert for a test that writes no content.
        EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
        EMBEDDINGS_MODEL: 'unused',
        EMBEDDINGS_DIM: '8',
        REALTIME_MAX_CONNECTIONS: String(MAX_SOCKETS),
        REALTIME_PING_INTERVAL: '0.2',
        // Upgraded sockets outlive the HTTP request and keep-alive timeouts.
        HTTP_HEADERS_TIMEOUT: '0.3',
        HTTP_REQUEST_TIMEOUT: '0.5',
        HTTP_KEEP_ALIVE_TIMEOUT: '0.3',
      };
      if (adapter === 'postgres') {
        schema = await openThrowawaySchema(process.env.DATABASE_URL!, { prefix: 'rt', max: 1 });
        const base = process.env.DATABASE_URL!;
        env.DATABASE_URL = `${base}${base.includes('?') ? '&' : '?'}search_path=${schema.schema}`;
      }
      const loaded = loadConfig(env);
      const config: Config = { ...loaded, realtime: { ...loaded.realtime, authTimeoutMs: 600 } };
      server = await startServer({
        config,
        logger: createLogger('debug', (l) => lines.push(l)),
        widgetDistDir: '/nonexistent',
      });
    }, 120_000);

    afterAll(async () => {
      await Promise.all(open.map((s) => s.close()));
      await server?.close();
      await schema?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const track = (s: TestSocket) => {
      open.push(s);
      return s;
    };
    const connectSocket = async () => track(await openTestSocket(server.url));
    const ready = async (token: string) => track(await openReadySocket(server.url, token));
    const closeAll = async () => {
      await Promise.all(open.splice(0).map((s) => s.close()));
      // The server sees the close a moment after the client.
      for (let i = 0; i < 50 && server.realtime.size().open > 0; i++)
        await new Promise((r) => setTimeout(r, 20));
    };

    /** A visitor token from the widget boot, as the widget gets it. */
    const newVisitor = async (ws: Workspace): Promise<string> => {
      const res = await fetch(`${server.url}/widget/boot?website_id=${ws.website_id}`, {
        headers: { Origin: 'https://shop.example.com' },
      });
      const body = (await res.json()) as { data: { visitor: { token: string } } };
      return body.data.visitor.token;
    };
    /** user.set with an hmac: the visitor becomes the verified contact; answers its id. */
    const identify = async (ws: Workspace, token: string, email: string): Promise<string> => {
      const box = createSecretBox(parseSecretKey(SECRET_KEY));
      const ctx = testCtx(server.db, ws.id);
      const { secret } = await rotateIdentitySecret(ctx, box);
      const res = await fetch(`${server.url}/widget/identify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, hmac: identityHmac(secret, email) }),
      });
      if (res.status !== 200) throw new Error(`identify: ${res.status} ${await res.text()}`);
      const [row] = await server.db.query<{ contact_id: string }>(
        'select contact_id from widget_visitors where workspace_id = $1 and contact_id is not null',
        [ws.id],
      );
      return row!.contact_id;
    };

    it('authenticates with the visitor token and delivers a workspace broadcast to that workspace only', async () => {
      const a = await makeWorkspace(server.db);
      const b = await makeWorkspace(server.db);
      const a1 = await ready(await newVisitor(a));
      const a2 = await ready(await newVisitor(a));
      const b1 = await ready(await newVisitor(b));
      const pending = await connectSocket(); // not authenticated: hears nothing
      await notifyWidgets(
        server.db,
        { workspaceId: a.id },
        { type: 'experience.unpublished', experience_id: 'e1' },
      );
      for (const s of [a1, a2]) {
        expect(await s.next('experience.unpublished')).toEqual({
          type: 'experience.unpublished',
          experience_id: 'e1',
        });
      }
      await b1.none('experience.unpublished', 150);
      await pending.none('experience.unpublished', 0);
      expect(server.realtime.size()).toEqual({ open: 4, authenticated: 3 });
      await closeAll();
    });

    it('delivers to one visitor and to every visitor verified as the same contact; re-auth after user.set moves the socket', async () => {
      const ws = await makeWorkspace(server.db);
      const token = await newVisitor(ws);
      const tab1 = await ready(token);
      const tab2 = await ready(token);
      const other = await ready(await newVisitor(ws));
      const visitorId = (
        await server.db.query<{ id: string }>('select id from widget_visitors where workspace_id = $1', [
          ws.id,
        ])
      )[0]?.id;
      expect(visitorId).toBeUndefined(); // anonymous visitors are not stored; their token still works

      const contactId = await identify(ws, token, 'ada@example.com');
      const message = {
        type: 'program.item',
        experience_id: 'e1',
        session_id: 's1',
        item_id: 'i1',
        state: 'completed',
      } as const;
      // Before re-auth the sockets were filed as anonymous: a message to the contact misses them.
      await notifyWidgets(server.db, { workspaceId: ws.id, contactId }, message);
      await tab1.none('program.item', 150);
      tab1.send({ type: 'auth', token });
      await tab1.next('ready');
      await notifyWidgets(server.db, { workspaceId: ws.id, contactId }, message);
      expect(await tab1.next('program.item')).toEqual(message);
      await tab2.none('program.item', 100);

      const [visitor] = await server.db.query<{ id: string }>(
        'select id from widget_visitors where workspace_id = $1 and contact_id = $2',
        [ws.id, contactId],
      );
      await notifyWidgets(
        server.db,
        { workspaceId: ws.id, visitorId: visitor!.id },
        { type: 'session.ended', session_id: 's1', end_reason: 'unpublished' },
      );
      expect((await tab1.next('session.ended')).session_id).toBe('s1');
      expect((await tab2.next('session.ended')).session_id).toBe('s1');
      await other.none('session.ended', 150);
      await closeAll();
    });

    it('a message published in a transaction arrives after commit, and never on rollback', async () => {
      const ws = await makeWorkspace(server.db);
      const s = await ready(await newVisitor(ws));
      const message = { type: 'experience.unpublished', experience_id: 'committed' } as const;
      await server.db.tx(async (tx) => {
        await notifyWidgets(tx, { workspaceId: ws.id }, message);
        await s.none('experience.unpublished', 200);
      });
      expect(await s.next('experience.unpublished')).toEqual(message);
      await expect(
        server.db.tx(async (tx) => {
          await notifyWidgets(
            tx,
            { workspaceId: ws.id },
            { type: 'experience.unpublished', experience_id: 'rolled-back' },
          );
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await s.none('experience.unpublished', 300);
      await closeAll();
    });

    it('closes 4401 on a bad token; with feature.experiences.core off the socket stays for conversation frames only', async () => {
      const ws = await makeWorkspace(server.db);
      const token = await newVisitor(ws);
      for (const bad of ['wvt_forged', 'not-a-token', `${token}x`]) {
        const s = await connectSocket();
        s.send({ type: 'auth', token: bad });
        expect((await s.closed).code).toBe(CLOSE.invalidToken);
      }
      const live = await ready(token);
      await setFlag(server.db, ws.id, 'feature.experiences.core', false, new Date());
      // The node learns of the flag over NOTIFY, in order: once a conversation frame arrives without the
      // experience frame published just before it, experience frames have stopped; the socket stays open.
      const round = async (n: number, s: typeof live) => {
        await notifyWidgets(
          server.db,
          { workspaceId: ws.id },
          { type: 'experience.unpublished', experience_id: `e${n}` },
        );
        await notifyWidgets(
          server.db,
          { workspaceId: ws.id },
          { type: 'conversation.updated', conversation_id: `c${n}` },
        );
        for (;;) if ((await s.next('conversation.updated')).conversation_id === `c${n}`) break;
        return s.messages.some((m) => m.experience_id === `e${n}`);
      };
      for (let n = 0; await round(n, live); n++) expect(n).toBeLessThan(50);
      expect(live.ws.readyState).toBe(live.ws.OPEN);
      // A new socket is admitted with the flag off, and hears conversation frames only.
      const late = await ready(token);
      expect(await round(100, late)).toBe(false);
      await closeAll();
    });

    it('closes a socket that does not authenticate in time, that sends garbage, binary or too much', async () => {
      const silent = await connectSocket();
      const t0 = Date.now();
      expect((await silent.closed).code).toBe(CLOSE.authTimeout);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(500);

      const garbage = await connectSocket();
      garbage.send('{"type":"subscribe"}');
      expect((await garbage.closed).code).toBe(CLOSE.badMessage);
      const binary = await connectSocket();
      binary.ws.send(Buffer.from([1, 2, 3]));
      expect((await binary.closed).code).toBe(CLOSE.unsupported);
      const large = await connectSocket();
      large.send({ type: 'auth', token: 'x'.repeat(5000) });
      expect((await large.closed).code).toBe(1009);

      const chatty = await connectSocket();
      for (let i = 0; i < 25; i++) chatty.send({ type: 'ping' });
      expect((await chatty.closed).code).toBe(CLOSE.tooMany);
      expect(chatty.messages.filter((m) => m.type === 'pong')).toHaveLength(20);
      await closeAll();
    });

    it('outlives the HTTP request and keep-alive timeouts, answers the keepalive pings, and drops a socket that stops answering them', async () => {
      const ws = await makeWorkspace(server.db);
      const token = await newVisitor(ws);
      const s = await ready(token);
      let pings = 0;
      s.ws.on('ping', () => pings++);
      const deaf = track(await openTestSocket(server.url, { autoPong: false }));
      deaf.send({ type: 'auth', token });
      await deaf.next('ready');
      expect((await deaf.closed).code).toBe(1006); // terminated, no closing handshake
      await new Promise((r) => setTimeout(r, 1000)); // twice the request timeout
      expect(s.ws.readyState).toBe(WebSocket.OPEN);
      expect(pings).toBeGreaterThanOrEqual(3);
      await notifyWidgets(
        server.db,
        { workspaceId: ws.id },
        { type: 'experience.unpublished', experience_id: 'e' },
      );
      await s.next('experience.unpublished');
      await closeAll();
    });

    it(`admits at most REALTIME_MAX_CONNECTIONS (${MAX_SOCKETS}) sockets, then answers 503 until one closes`, async () => {
      const sockets = await Promise.all(Array.from({ length: MAX_SOCKETS }, () => connectSocket()));
      await expect(openTestSocket(server.url)).rejects.toThrow('handshake answered 503');
      await sockets[0]!.close();
      open.splice(open.indexOf(sockets[0]!), 1);
      for (let i = 0; i < 50 && server.realtime.size().open >= MAX_SOCKETS; i++)
        await new Promise((r) => setTimeout(r, 20));
      await connectSocket();
      // HTTP is still served beside them.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await closeAll();
    });

    it('serves other upgrade requests as ordinary requests (h2c, a WebSocket handshake elsewhere)', async () => {
      const raw = (request: string) =>
        new Promise<string>((resolve) => {
          const socket = connect(server.port, '127.0.0.1', () => socket.write(request));
          let out = '';
          socket.on('data', (d) => (out += d.toString()));
          socket.on('close', () => resolve(out));
          socket.on('error', () => resolve(out));
        });
      const h2c = await raw(
        'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA\r\n\r\n',
      );
      expect(h2c).toMatch(/^HTTP\/1\.1 200 [\s\S]*\r\nConnection: close\r\n[\s\S]*"status":"ok"/);
      const elsewhere = await raw(
        'GET /widget/other HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      expect(elsewhere).toMatch(/^HTTP\/1\.1 404 /);
      const bodyLater = await raw(
        'POST /api/v1/contacts HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: h2c\r\nContent-Length: 100\r\n\r\n',
      );
      expect(bodyLater).toMatch(/^HTTP\/1\.1 400 /);
    });

    it('ignores a malformed notification with a log line', async () => {
      const ws = await makeWorkspace(server.db);
      const s = await ready(await newVisitor(ws));
      await server.db.notify('widget_realtime', 'not json');
      await server.db.notify('widget_realtime', JSON.stringify({ w: ws.id, m: { no: 'type' } }));
      await notifyWidgets(
        server.db,
        { workspaceId: ws.id },
        { type: 'experience.unpublished', experience_id: 'after' },
      );
      expect((await s.next('experience.unpublished')).experience_id).toBe('after');
      expect(lines.filter((l) => /WARN {2}realtime: ignored a malformed notification/.test(l))).toHaveLength(
        2,
      );
      await closeAll();
    });

    it('closes every socket with 1001 when the server stops', async () => {
      const ws = await makeWorkspace(server.db);
      const s = await ready(await newVisitor(ws));
      const pending = await connectSocket();
      const stopping = server.close();
      expect(await s.closed).toEqual({ code: CLOSE.goingAway, reason: 'server stopping' });
      expect((await pending.closed).code).toBe(CLOSE.goingAway);
      await stopping;
      open.length = 0;
    });
  });
}
