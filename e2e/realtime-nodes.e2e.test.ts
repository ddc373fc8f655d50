import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReadySocket, type TestSocket } from '../runtime/testing/realtime-client';
import { openPostgres } from '../server-core/db/adapters/postgres';
import type { Db } from '../server-core/db/db';
import { setFlag } from '../server-core/flags/flags';
import { newId } from '../server-core/lib/ulid';
import { notifyWidgets } from '../server-core/realtime/notify-widgets';
import { makeWorkspace } from '../server-core/testing/fixtures';
import type { Workspace } from '../server-core/workspaces/create-workspace';
import { type ChildServer, startChildServer } from './support/server';

const url = process.env.DATABASE_URL;
if (!url)
  console.log('realtime across nodes: skipped, it needs two servers on one Postgres (set DATABASE_URL)');

describe.runIf(url)('realtime across two server processes on one Postgres (DATABASE_URL)', () => {
  const schema = `e2e_rt_${newId()}`.toLowerCase();
  let admin: Db;
  let db: Db;
  let a: ChildServer;
  let b: ChildServer;
  const sockets: TestSocket[] = [];

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
    db = await openPostgres({ url: url!, schema, max: 2 });
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await admin?.query(`drop schema if exists ${schema} cascade`);
    await admin?.close();
  });

  const boot = async (server: ChildServer, ws: Workspace) => {
    const res = await fetch(`${server.url}/widget/boot?website_id=${ws.website_id}`);
    return ((await res.json()) as { data: { visitor: { id: string; token: string } } }).data.visitor;
  };
  const connect = async (server: ChildServer, token: string) => {
    const s = await openReadySocket(server.url, token);
    sockets.push(s);
    return s;
  };

  it('a message published through Postgres reaches the right sockets on both nodes, and only those', async () => {
    const one = await makeWorkspace(db);
    const two = await makeWorkspace(db);
    const v1 = await boot(a, one);
    const v2 = await boot(b, one);
    const v3 = await boot(a, two);
    const v1OnA = await connect(a, v1.token);
    const v1OnB = await connect(b, v1.token); // the same visitor in another tab, served by the other node
    const v2OnB = await connect(b, v2.token);
    const v3OnA = await connect(a, v3.token);

    const toVisitor = { type: 'session.ended', session_id: 's1', end_reason: 'unpublished' } as const;
    await notifyWidgets(db, { workspaceId: one.id, visitorId: v1.id }, toVisitor);
    expect(await v1OnA.next('session.ended')).toEqual(toVisitor);
    expect(await v1OnB.next('session.ended')).toEqual(toVisitor);
    await Promise.all([v2OnB.none('session.ended', 300), v3OnA.none('session.ended', 300)]);

    const broadcast = { type: 'experience.unpublished', experience_id: 'e1' } as const;
    await db.tx(async (tx) => {
      await notifyWidgets(tx, { workspaceId: one.id }, broadcast);
      await v1OnA.none('experience.unpublished', 200); // not before commit
    });
    for (const s of [v1OnA, v1OnB, v2OnB]) expect(await s.next('experience.unpublished')).toEqual(broadcast);
    await v3OnA.none('experience.unpublished', 300);

    // feature.experiences.core switched off: the sockets stay open on every node for live conversations
    // (docs/decisions/conversations.md, Realtime). A staff reply's frame still reaches both of v1's tabs.
    await setFlag(db, one.id, 'feature.experiences.core', false, new Date());
    const reply = { type: 'conversation.message', conversation_id: 'c1', message_id: 'm1' } as const;
    await notifyWidgets(db, { workspaceId: one.id, visitorId: v1.id }, reply);
    expect(await v1OnA.next('conversation.message')).toEqual(reply);
    expect(await v1OnB.next('conversation.message')).toEqual(reply);
    for (const s of [v1OnA, v1OnB, v2OnB, v3OnA]) expect(s.ws.readyState).toBe(s.ws.OPEN);
  });
});
