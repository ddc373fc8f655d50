import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../server-core/db/adapters/postgres';
import type { Db } from '../server-core/db/db';
import { newId } from '../server-core/lib/ulid';
import { launchChromium } from './support/browser';
import { chatPage, messages, openChat, received, staff, startConversation } from './support/chat';
import { type HostServer, startHostServer } from './support/host-server';
import { postgresUrl } from './support/postgres';
import { type ChildServer, runCli, startChildServer } from './support/server';
import { type SeededWithKey, waitForLauncher, watchedPage } from './support/widget';

const url = postgresUrl('chat-nodes.e2e.test.ts');

/**
 * Two server processes on one Postgres: the visitor's widget talks to node A (its socket is there), staff
 * reply through node B; the reply crosses through Postgres NOTIFY and arrives live in the widget.
 */
describe.runIf(url)('chat across two server processes on one Postgres (DATABASE_URL)', () => {
  const schema = `e2e_chat_${newId()}`.toLowerCase();
  let admin: Db;
  let a: ChildServer;
  let b: ChildServer;
  let browser: Browser;
  let host: HostServer;

  beforeAll(async () => {
    admin = await openPostgres({ url: url!, max: 1 });
    await admin.query(`create schema ${schema}`);
    const env = {
      DATABASE_URL: `${url}${url!.includes('?') ? '&' : '?'}search_path=${schema}`,
      SECRET_KEY: randomBytes(32).toString('hex'),
      DEMO: 'off',
      WORKER: 'off',
      // An HTTP embedder nobody calls (no content is written): no word table to load in either node.
      EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
      EMBEDDINGS_MODEL: 'unused',
      EMBEDDINGS_DIM: '8',
    };
    a = await startChildServer(env);
    b = await startChildServer(env);
    [browser, host] = await Promise.all([launchChromium(), startHostServer()]);
  });
  afterAll(async () => {
    await browser?.close();
    await host?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.close();
  });

  it('a staff reply written on node B reaches the widget whose socket is on node A, live', async () => {
    const seeded = await runCli('scripts/seed.ts', ['--json'], a.env);
    expect(seeded.code, seeded.stderr).toBe(0);
    const ws = JSON.parse(seeded.stdout.trim()) as SeededWithKey;
    const team = await staff(ws, b.url);

    const w = await watchedPage(browser);
    const sockets: string[] = [];
    w.page.on('websocket', (s) => sockets.push(s.url()));
    await w.page.goto(chatPage(host, '/nodes/chat', ws.websiteId, { api: a.url }));
    await waitForLauncher(w.page);
    const { frame } = await openChat(w.page);
    await startConversation(frame, 'Is the blue one in stock?');
    const conversation = await team.only();
    await team.reply(conversation.id, 'Yes, 12 left.');
    await messages(frame).getByText('Yes, 12 left.', { exact: true }).waitFor();
    await expect.poll(() => received(w.page)).toEqual(['Yes, 12 left.']);
    expect(sockets).toEqual([`${a.url.replace('http:', 'ws:')}/widget/realtime`]);
    expect(w.errors).toEqual([]);
    expect(w.warnings).toEqual([]);
    await w.close();
  });
});
