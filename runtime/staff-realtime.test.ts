import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../bff/config';
import { createLogger } from '../bff/logger';
import { STAFF_REALTIME_PATH } from '../bff/realtime/staff-gateway';
import { upsertContact } from '../server-core/contacts/upsert-contact';
import { createConversation } from '../server-core/conversations/write-conversations';
import { testCtx } from '../server-core/testing/ctx';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../server-core/testing/fixtures';
import { type RunningServer, startServer } from './server';

/** Frames received by a socket, kept from its first moment (the first may arrive with the handshake). */
const frames = new WeakMap<WebSocket, unknown[]>();

/** The handshake's answer: the upgrade (101) or the HTTP status it was refused with. */
function handshake(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; ws?: WebSocket }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    const got: unknown[] = [];
    frames.set(ws, got);
    ws.on('message', (data) => got.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ status: 101, ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 });
      res.resume();
    });
    ws.once('error', () => resolve({ status: 0 }));
  });
}

/** The frames a socket has received so far, once it holds `count` of them. */
async function framesOf(ws: WebSocket, count: number): Promise<unknown[]> {
  const got = frames.get(ws)!;
  while (got.length < count) await new Promise((r) => ws.once('message', r));
  return got;
}

describe('the console socket on the real server', () => {
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'staff-rt-'));
    const config = loadConfig({
      PORT: '0',
      DEMO: 'off',
      WORKER: 'off',
      SERVE_WIDGET: 'off',
      DATA_DIR: dataDir,
      SECRET_KEY: 'cd'.repeat(32),
      EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
      EMBEDDINGS_MODEL: 'unused',
      EMBEDDINGS_DIM: '8',
    });
    server = await startServer({
      config,
      logger: createLogger('warn', () => {}),
      widgetDistDir: '/nonexistent',
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('upgrades a signed-in member from the same origin only, then tells it which conversation changed', async () => {
    const ws = await makeWorkspace(server.db);
    const owner = await makeMember(server.db, ws.id, 'owner');
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const origin = server.url;
    const url = `${server.url.replace('http', 'ws')}${STAFF_REALTIME_PATH}?workspace=${ws.id}`;

    expect((await handshake(url, { origin })).status).toBe(401);
    expect((await handshake(url, { origin: 'https://evil.example', cookie })).status).toBe(403);
    expect((await handshake(url.replace(ws.id, 'nope'), { origin, cookie })).status).toBe(404);

    const { status, ws: socket } = await handshake(url, { origin, cookie });
    expect(status).toBe(101);
    try {
      expect(await framesOf(socket!, 1)).toEqual([{ type: 'ready' }]);
      const ctx = testCtx(server.db, ws.id);
      const { contact } = await upsertContact(ctx, { email: 'ada@example.com' });
      const conversation = await createConversation(ctx, { contactId: contact.id, channel: 'email' });
      const note = await fetch(
        `${server.url}/api/v1/workspaces/${ws.id}/conversations/${conversation.id}/notes`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            cookie,
            'X-CSRF-Token': ((await login.json()) as { data: { csrf_token: string } }).data.csrf_token,
          },
          body: JSON.stringify({ body: 'Checking.' }),
        },
      );
      expect(note.status).toBe(201);
      // The note's lock and its message each announce it (at the same commit).
      expect((await framesOf(socket!, 2))[1]).toEqual({
        type: 'conversation.changed',
        conversation_id: conversation.id,
      });

      // The socket only listens: a frame from the console closes it.
      const closed = new Promise<number>((resolve) => socket!.once('close', (code) => resolve(code)));
      socket!.send('hello');
      expect(await closed).toBe(4400);
    } finally {
      socket?.terminate();
    }
  });
});
