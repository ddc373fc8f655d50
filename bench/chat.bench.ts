import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { launchChromium } from '../e2e/support/browser';
import { hostPage, snippet, startHostServer } from '../e2e/support/host-server';
import { type ChildServer, startChildServer } from '../e2e/support/server';
import { openReadySocket, type TestSocket } from '../runtime/testing/realtime-client';
import { DIST_DIR } from '../runtime/widget-bundle';
import { ensureWidgetBuilt } from '../scripts/build-widget';
import { openPostgres } from '../server-core/db/adapters/postgres';
import type { Db } from '../server-core/db/db';
import { newId } from '../server-core/lib/ulid';
import { makeMember, makeWorkspace, TEST_PASSWORD } from '../server-core/testing/fixtures';
import { summarize } from './stats';

const ROUNDS = Number(process.env.CHAT_BENCH_ROUNDS ?? 200);
const SCREEN_ROUNDS = Number(process.env.CHAT_BENCH_SCREEN_ROUNDS ?? 60);
const WARMUP = 20;
const SOCKETS = Number(process.env.CHAT_BENCH_SOCKETS ?? 5000);
const GB = 1024 ** 3;

/** The resident memory of a process, in bytes (Linux). */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

async function signIn(server: ChildServer, email: string) {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { data } = (await res.json()) as { data: { csrf_token: string } };
  return { Cookie: cookie, 'X-CSRF-Token': data.csrf_token, 'Content-Type': 'application/json' };
}

async function bootVisitor(server: ChildServer, websiteId: string): Promise<string> {
  const res = await fetch(`${server.url}/widget/boot?website_id=${websiteId}`);
  return ((await res.json()) as { data: { visitor: { token: string } } }).data.visitor.token;
}

/**
 * Staff reply on node A → the `conversation.message` frame on a raw WebSocket of the visitor on node B
 * (Postgres NOTIFY between them), and → the visitor's fetch of the conversation on node B holding the reply:
 * what the Chat tab does on the frame (the widget's render is not counted).
 */
async function replyLatency(a: ChildServer, b: ChildServer, db: Db): Promise<void> {
  const ws = await makeWorkspace(db);
  const staff = await makeMember(db, ws.id, 'member');
  const headers = await signIn(a, staff.email);
  const token = await bootVisitor(b, ws.website_id);
  const bearer = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const started = await fetch(`${b.url}/widget/conversations`, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ body: 'Bench: hello?' }),
  });
  const conversationId = ((await started.json()) as { data: { id: string } }).data.id;
  const socket = await openReadySocket(b.url, token);
  const toFrame: number[] = [];
  const toFetched: number[] = [];
  try {
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const body = `Reply ${i}`;
      const t0 = performance.now();
      const res = await fetch(`${a.url}/api/v1/workspaces/${ws.id}/conversations/${conversationId}/replies`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body }),
      });
      if (res.status !== 201) throw new Error(`reply ${res.status} ${await res.text()}`);
      const { data: reply } = (await res.json()) as { data: { id: string } };
      for (;;) if ((await socket.next('conversation.message')).message_id === reply.id) break;
      const t1 = performance.now();
      const read = await fetch(`${b.url}/widget/conversations/${conversationId}`, { headers: bearer });
      const { data } = (await read.json()) as { data: { messages: { body: string }[] } };
      if (data.messages.at(-1)?.body !== body) throw new Error('the fetched conversation lacks the reply');
      const t2 = performance.now();
      if (i >= WARMUP) {
        toFrame.push(t1 - t0);
        toFetched.push(t2 - t0);
      }
    }
  } finally {
    await socket.close();
  }
  const f = summarize(toFrame);
  const g = summarize(toFetched);
  console.log(
    `staff reply (node A) -> visitor (node B), Postgres NOTIFY between them, loopback, ${ROUNDS} rounds`,
  );
  console.log(
    `  reply -> frame on the visitor's socket     p50 ${f.p50} ms  p95 ${f.p95} ms  p99 ${f.p99} ms`,
  );
  console.log(
    `  reply -> conversation fetched with it     p50 ${g.p50} ms  p95 ${g.p95} ms  p99 ${g.p99} ms  (goal p95 < 150 ms)`,
  );
}

/**
 * Staff reply on node A → the reply drawn in the visitor's Chat tab in Chromium, whose widget talks to node B
 * (its socket there): the frame, the widget's fetch and Preact's render, timed from the staff request to the
 * reply's text being in the panel's message log (a MutationObserver in the panel resolves the wait).
 */
async function replyToScreen(a: ChildServer, b: ChildServer, db: Db): Promise<void> {
  await ensureWidgetBuilt(DIST_DIR);
  const ws = await makeWorkspace(db);
  const staff = await makeMember(db, ws.id, 'member');
  const headers = await signIn(a, staff.email);
  const [browser, host] = await Promise.all([launchChromium(), startHostServer()]);
  try {
    const page = await browser.newPage();
    await page.goto(host.page('/bench/chat', hostPage(snippet(b.url, ws.website_id))));
    await page.getByRole('button', { name: 'Open support' }).click();
    const panel = page.frameLocator('iframe[title="Support panel"]');
    await panel.getByRole('button', { name: 'New conversation' }).click();
    await panel.getByRole('textbox', { name: 'Message' }).fill('Bench: is anyone there?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByRole('log', { name: 'Messages' }).getByText('Bench: is anyone there?').waitFor();
    const list = await fetch(`${a.url}/api/v1/workspaces/${ws.id}/conversations`, { headers });
    const conversationId = ((await list.json()) as { data: { id: string }[] }).data[0]!.id;
    const panelDoc = await (await panel.owner().elementHandle())!.contentFrame();
    if (!panelDoc) throw new Error('no panel frame');
    const times: number[] = [];
    for (let i = 0; i < WARMUP + SCREEN_ROUNDS; i++) {
      const body = `Screen reply ${i}`;
      // A string, not a function: tsx would wrap a function's inner helpers in its __name, unknown in the page.
      const shown = panelDoc.evaluate(`new Promise((done) => {
        const text = ${JSON.stringify(body)};
        const has = () => [...document.querySelectorAll('[role=log] *')].some((el) => el.textContent.trim() === text);
        if (has()) return done();
        const watch = new MutationObserver(() => { if (has()) { watch.disconnect(); done(); } });
        watch.observe(document, { subtree: true, childList: true, characterData: true });
      })`);
      const t0 = performance.now();
      const res = await fetch(`${a.url}/api/v1/workspaces/${ws.id}/conversations/${conversationId}/replies`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body }),
      });
      if (res.status !== 201) throw new Error(`reply ${res.status} ${await res.text()}`);
      await shown;
      if (i >= WARMUP) times.push(performance.now() - t0);
    }
    const s = summarize(times);
    console.log(
      `  reply -> drawn in the visitor's Chat tab   p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  ` +
        `(Chromium, ${SCREEN_ROUNDS} rounds; goal p95 < 150 ms)`,
    );
  } finally {
    await browser.close();
    await host.close();
  }
}

/**
 * Authenticated widget sockets held by one node: opens SOCKETS of them (distinct visitors), measures the node's
 * resident memory before and after, and extrapolates how many fit under 1 GB. Bounded: it never opens more.
 */
async function socketCapacity(node: ChildServer, db: Db): Promise<void> {
  const ws = await makeWorkspace(db);
  const tokens: string[] = [];
  for (let i = 0; i < SOCKETS; i += 100) {
    const batch = Math.min(100, SOCKETS - i);
    tokens.push(
      ...(await Promise.all(Array.from({ length: batch }, () => bootVisitor(node, ws.website_id)))),
    );
  }
  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const before = rss(node.pid);
  const sockets: TestSocket[] = [];
  const t0 = performance.now();
  try {
    for (let i = 0; i < tokens.length; i += 200) {
      sockets.push(...(await Promise.all(tokens.slice(i, i + 200).map((t) => openReadySocket(node.url, t)))));
    }
    const openMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 2000));
    const after = rss(node.pid);
    const perSocket = (after - before) / sockets.length;
    const fits = Math.floor((GB - before) / perSocket);
    console.log(`authenticated widget sockets on one node (Postgres, loopback, bounded at ${SOCKETS})`);
    console.log(
      `  ${sockets.length} sockets open in ${(openMs / 1000).toFixed(1)} s; node RSS ${mb(before)} -> ${mb(after)} ` +
        `(${(perSocket / 1024).toFixed(1)} KB a socket)`,
    );
    console.log(
      `  under 1 GB: about ${fits.toLocaleString('en')} sockets by that slope (REALTIME_MAX_CONNECTIONS caps a node; ` +
        'its default is half of HTTP_MAX_CONNECTIONS)',
    );
  } finally {
    await Promise.all(sockets.map((s) => s.close()));
  }
}

/** `npm run bench -- chat`: needs DATABASE_URL (two server processes on one Postgres). Prints figures. */
export async function chatBench(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log('chat: skipped, it needs two servers on one Postgres (set DATABASE_URL)');
    return;
  }
  const schema = `bench_chat_${newId()}`.toLowerCase();
  const admin = await openPostgres({ url, max: 1 });
  await admin.query(`create schema ${schema}`);
  const env = {
    DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}search_path=${schema}`,
    SECRET_KEY: randomBytes(32).toString('hex'),
    DEMO: 'off',
    WORKER: 'off',
    // The capacity part boots one visitor per socket from one address.
    WIDGET_BOOTS_PER_MINUTE: String(SOCKETS * 2),
    LOG_LEVEL: 'warn',
    HTTP_MAX_CONNECTIONS: String(SOCKETS * 2 + 1000),
    REALTIME_MAX_CONNECTIONS: String(SOCKETS + 500),
    // An HTTP embedder nobody calls (no content is written): no word table to load in either node.
    EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
    EMBEDDINGS_MODEL: 'unused',
    EMBEDDINGS_DIM: '8',
  };
  let a: ChildServer | undefined;
  let b: ChildServer | undefined;
  let db: Db | undefined;
  try {
    a = await startChildServer(env);
    b = await startChildServer(env);
    db = await openPostgres({ url, schema, max: 2 });
    await replyLatency(a, b, db);
    await replyToScreen(a, b, db);
    await socketCapacity(a, db);
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.close();
  }
}
